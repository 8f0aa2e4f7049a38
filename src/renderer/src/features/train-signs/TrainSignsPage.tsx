import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getSignsData, sendSignsAnswer } from '@shared/contract/train-signs';
import { ruTrainSigns } from '../../i18n/train-signs';
import { api } from '../../lib/api';
import { QueryState } from '../../ui';
import { trainSignsQueries } from './api';
import { SelectView } from './SelectView';
import { TermView } from './TermView';
import { DRAFT_NAMES, writeUserDraft } from '../../lib/drafts';
import './train-signs.css';
import { messageOf } from '../../lib/error-text';

const t = ruTrainSigns;

type StateInput = { action?: 'START' | 'NEXT' | 'EXIT'; type?: string };

/**
 * Signs trainer (learning-area 'Signs trainer', §4 'Signs'): the status comes from the server
 * (SELECT → ANSWERING → MID_RESULT → ANSWERING …), so a reload shows the same term.
 */
export function TrainSignsPage() {
  const queryClient = useQueryClient();
  const state = useQuery(trainSignsQueries.state());
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  /** Runs a step, then shows the state the server answers with. */
  const step = async (run: () => Promise<unknown>, input: StateInput = {}) => {
    setBusy(true);
    setActionError(null);
    try {
      await run();
      queryClient.setQueryData(trainSignsQueries.state().queryKey, await api.call(getSignsData, input, { handleErrors: true }));
      void queryClient.invalidateQueries({ queryKey: trainSignsQueries.info().queryKey });
    } catch (failure) {
      setActionError(t.error(messageOf(failure)));
    }
    setBusy(false);
  };

  const act = (action: 'START' | 'NEXT' | 'EXIT', type?: string) => step(async () => undefined, type === undefined ? { action } : { action, type });

  const answer = (terminName: string, userAnswer: Array<0 | 1>) =>
    step(async () => {
      await api.call(sendSignsAnswer, { terminName, userAnswer }, { handleErrors: true });
      await writeUserDraft(DRAFT_NAMES.ticks(terminName), null);
    });

  return (
    <section className="screen trs" aria-labelledby="trs-title">
      <h1 id="trs-title" className="trs__title">
        {t.title}
      </h1>
      <QueryState query={state} errorText={(error) => messageOf(error)} errorTitle={t.loadError} retryLabel={t.retry}>
        {(data) => data.status === 'SELECT' || !data.termin ? (
          <SelectView onStart={(type) => void act('START', type)} busy={busy} error={actionError} />
        ) : (
          <TermView
            key={`${data.termin.terminName}:${data.status}`}
            status={data.status}
            termin={data.termin}
            busy={busy}
            error={actionError}
            onCheck={(bits) => void answer(data.termin!.terminName, bits)}
            onContinue={() => void act('NEXT', data.termin!.type)}
            onClose={() => void act('EXIT')}
          />
        )}
      </QueryState>
    </section>
  );
}
