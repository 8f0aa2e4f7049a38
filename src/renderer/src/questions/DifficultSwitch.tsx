import { setAsDifficult } from '@shared/contract/homework-p1';
import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api';
import { Switch } from '../ui';
import './question-result.css';

export interface DifficultSwitchProps {
  qId: number;
  /** Held by the caller so a list and a detail of the same question agree. */
  checked: boolean;
  setChecked: (next: boolean) => void;
  label: string;
  savedText: string;
  errorText: (message: string) => string;
  testId: string;
  /** Saves the flag; part 1's set_as_difficult.php unless given (part 2 has its own call). */
  save?: (qId: number, difficult: boolean) => Promise<unknown>;
}

const savePartOne = (qId: number, difficult: boolean) => api.call(setAsDifficult, { qId, isDifficult: difficult ? '1' : '0' }, { handleErrors: true });

/**
 * The difficult flag of a question (part 1 homework, credits, trainings; part 2 results): saved at once; success
 * says so for 2 s, a failure reverts the switch and says why (learning §8).
 */
export function DifficultSwitch({ qId, checked, setChecked, label, savedText, errorText, testId, save = savePartOne }: DifficultSwitchProps) {
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const toggle = async (next: boolean) => {
    setChecked(next);
    setState({ kind: 'saving' });
    window.clearTimeout(timer.current);
    try {
      await save(qId, next);
      setState({ kind: 'saved' });
      timer.current = window.setTimeout(() => setState({ kind: 'idle' }), 2000);
    } catch (failure) {
      setChecked(!next);
      setState({ kind: 'error', message: errorText(failure instanceof Error ? failure.message : String(failure)) });
    }
  };

  return (
    <div className="ht-difficult" data-testid={testId}>
      <Switch checked={checked} disabled={state.kind === 'saving'} onChange={(next) => void toggle(next)} label={label} />
      <span className="ht-difficult__state" aria-live="polite">
        {state.kind === 'saved' && <span className="ht-right small">{savedText}</span>}
        {state.kind === 'error' && (
          <span className="ht-wrong small" role="alert">
            {state.message}
          </span>
        )}
      </span>
    </div>
  );
}

/** A difficult switch that keeps its own state (lists without a detail view). */
export function OwnDifficultSwitch({ initial, ...props }: Omit<DifficultSwitchProps, 'checked' | 'setChecked'> & { initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  return <DifficultSwitch {...props} checked={checked} setChecked={setChecked} />;
}
