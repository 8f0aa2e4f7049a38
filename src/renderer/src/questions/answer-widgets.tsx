import { answerInputOf, MATCH_LETTERS, onlyCyrillic, onlyDigits, type QuestionJson } from '@shared/domain/questions';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ruHomeworkP1 } from '../i18n/homework-p1';
import { cx } from '../ui';
import type { QuestionView } from '../lib/question-view';
import { displayedOptions, EMPTY_SLOT, normalizeAnswer, slotKey, slotPaste, toggleChoice } from './logic';

/** The answer widgets of part 1 (§5, shell §2.11); the kind registry (kind-views.tsx) says which kind uses which. */

const t = ruHomeworkP1.p1;

export interface AnswerInputProps {
  question: QuestionJson;
  view: QuestionView;
  /** Normalized answer (normalizeAnswer): digits, padded slots or a word. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Enter in a text field: the caller sends when the answer is complete. */
  onSubmit?: () => void;
}

/** The typed answer by the kind's input rules: a word, one digit per slot, or free digits. */
export function TypedInput(props: AnswerInputProps) {
  const input = answerInputOf(props.question);
  if (input.kind === 'word') return <WordInput {...props} />;
  if (input.kind === 'slots') return <SlotInput {...props} slots={input.slots} letters={input.letters} />;
  return <DigitsInput {...props} maxLength={input.maxLength} />;
}

/** The slot count of a slot answer (0 for the other inputs). */
function slotsOf(question: QuestionJson): number {
  const input = answerInputOf(question);
  return input.kind === 'slots' ? input.slots : 0;
}

function submitOnEnter(onSubmit?: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };
}

export function WordInput({ value, onChange, disabled, onSubmit }: AnswerInputProps) {
  const id = useId();
  return (
    <div className="ht-answer">
      <label htmlFor={id} className="ht-answer__label">
        {t.answerLabel}
      </label>
      <input
        id={id}
        className="ui-input ht-answer__word"
        value={value}
        disabled={disabled}
        placeholder={t.wordPlaceholder}
        autoComplete="off"
        spellCheck={false}
        lang="ru"
        maxLength={60}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(onlyCyrillic(event.target.value))}
        onKeyDown={submitOnEnter(onSubmit)}
        data-testid="answer-word"
      />
      <p id={`${id}-hint`} className="muted small ht-answer__hint">
        {t.wordHint}
      </p>
    </div>
  );
}

function DigitsInput({ value, onChange, disabled, onSubmit, maxLength }: AnswerInputProps & { maxLength: number }) {
  const id = useId();
  return (
    <div className="ht-answer">
      <label htmlFor={id} className="ht-answer__label">
        {t.answerLabel}
      </label>
      <input
        id={id}
        className="ui-input ht-answer__digits"
        value={value}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(onlyDigits(event.target.value).slice(0, maxLength))}
        onKeyDown={submitOnEnter(onSubmit)}
        data-testid="answer-digits"
      />
      <p id={`${id}-hint`} className="muted small ht-answer__hint">
        {t.digitsHint}
      </p>
    </div>
  );
}

/** One digit per slot, auto-advance, Backspace back, arrows move, paste spreads (§5). */
function SlotInput({ value, onChange, disabled, onSubmit, slots, letters }: AnswerInputProps & { slots: number; letters: boolean }) {
  const id = useId();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => {
    if (focus !== null) refs.current[focus]?.focus();
  }, [focus]);
  const current = value.length === slots ? value : normalizeAnswer({ kind: 'slots', slots, letters }, value);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') return submitOnEnter(onSubmit)(event);
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === 'Tab') return;
    const next = slotKey({ value: current, focus: index }, event.key);
    if (event.key.length === 1 || next) event.preventDefault();
    if (!next) return;
    if (next.value !== current) onChange(next.value);
    setFocus(next.focus);
    refs.current[next.focus]?.focus();
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const next = slotPaste({ value: current, focus: index }, event.clipboardData.getData('text'));
    onChange(next.value);
    setFocus(next.focus);
    refs.current[next.focus]?.focus();
  };

  return (
    <fieldset className="ht-answer ht-slots" disabled={disabled}>
      <legend className="ht-answer__label">{t.answerLabel}</legend>
      <div className="ht-slots__row" role="group" aria-describedby={`${id}-hint`}>
        {Array.from({ length: slots }, (_, index) => {
          const label = letters ? (MATCH_LETTERS[index] ?? String(index + 1)) : String(index + 1);
          const char = current[index] ?? EMPTY_SLOT;
          return (
            <label key={index} className="ht-slots__cell">
              <span className={cx('ht-slots__letter', !letters && 'ht-slots__letter--index')} aria-hidden="true">
                {label}
              </span>
              <input
                ref={(element) => {
                  refs.current[index] = element;
                }}
                className="ht-slots__input"
                value={char === EMPTY_SLOT ? '' : char}
                inputMode="numeric"
                autoComplete="off"
                aria-label={t.slot(label)}
                maxLength={1}
                // Typing is handled on keydown; this catches mobile keyboards that skip it.
                onChange={(event) => {
                  const digit = onlyDigits(event.target.value).slice(-1);
                  if (!digit) return;
                  const next = slotKey({ value: current, focus: index }, digit)!;
                  onChange(next.value);
                  setFocus(next.focus);
                }}
                onKeyDown={onKeyDown(index)}
                onPaste={onPaste(index)}
                onFocus={(event) => event.target.select()}
                data-testid={`answer-slot-${index + 1}`}
              />
            </label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="muted small ht-answer__hint">
        {t.slotsHint}
      </p>
    </fieldset>
  );
}

/** Graphic set question: toggled option cards; the choice stays unique and in range. */
export function ChoiceCards({ question, value, onChange, disabled }: AnswerInputProps) {
  const options = displayedOptions(question.questionAnsColumn1, question.mixRuleColumn1);
  const chosen = new Set(onlyDigits(value).split('').map(Number));
  return (
    <fieldset className="ht-answer" disabled={disabled}>
      <legend className="ht-answer__label">{t.answerLabel}</legend>
      <div className="ht-cards">
        {options.map((option) => (
          <button
            key={option.number}
            type="button"
            className={cx('ht-card', chosen.has(option.number) && 'is-chosen')}
            aria-pressed={chosen.has(option.number)}
            onClick={() => onChange(toggleChoice(value, option.number))}
            data-testid={`answer-card-${option.number}`}
          >
            <span className="ht-card__number">{option.number}</span>
            <span className="ht-card__text">{option.text}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Graphic matching: rows (letters) × options (digits), one choice per row. */
export function MatchGrid({ question, value, onChange, disabled }: AnswerInputProps) {
  const slots = slotsOf(question);
  const rows = displayedOptions(question.questionAnsColumn1, question.mixRuleColumn1);
  const columns = displayedOptions(question.questionAnsColumn2, question.mixRuleColumn2);
  const current = normalizeAnswer({ kind: 'slots', slots, letters: true }, value);
  const choose = (row: number, option: number) => {
    const chars = [...current];
    chars[row] = String(option);
    onChange(chars.join(''));
  };
  const rowCount = Math.max(slots, rows.length);
  return (
    <fieldset className="ht-answer" disabled={disabled}>
      <legend className="ht-answer__label">{t.answerLabel}</legend>
      <div className="ht-grid-wrap">
        <table className="ht-grid">
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th key={column.number} scope="col" title={column.text}>
                  {column.number}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rowCount }, (_, row) => {
              const letter = MATCH_LETTERS[row] ?? String(row + 1);
              return (
                <tr key={row} role="radiogroup" aria-label={t.matchRow(letter)}>
                  <th scope="row">{letter}</th>
                  {columns.map((column) => {
                    const on = current[row] === String(column.number);
                    return (
                      <td key={column.number}>
                        <button
                          type="button"
                          role="radio"
                          aria-checked={on}
                          aria-label={`${letter} — ${column.number}`}
                          className={cx('ht-grid__cell', on && 'is-chosen')}
                          onClick={() => choose(row, column.number)}
                          data-testid={`answer-grid-${row + 1}-${column.number}`}
                        >
                          {on ? column.number : ''}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

/** Graphic sequence: click options in order; click a chosen chip to take it out. */
export function SequenceChips({ question, value, onChange, disabled }: AnswerInputProps) {
  const slots = slotsOf(question);
  const options = displayedOptions(question.questionAnsColumn1, question.mixRuleColumn1);
  const order = onlyDigits(value).split('').filter(Boolean).map(Number);
  const store = (next: number[]) => onChange(normalizeAnswer({ kind: 'slots', slots, letters: false }, next.join('')));
  return (
    <fieldset className="ht-answer" disabled={disabled}>
      <legend className="ht-answer__label">{t.answerLabel}</legend>
      <div className="ht-sequence" aria-live="polite">
        <span className="muted small">{t.sequenceChosen}:</span>
        {order.length === 0 && <span className="muted small">{t.sequenceEmpty}</span>}
        {order.map((number, index) => (
          <button key={`${number}-${index}`} type="button" className="ht-chip is-chosen" aria-label={t.sequenceRemove(number)} onClick={() => store(order.filter((_, at) => at !== index))}>
            {number}
          </button>
        ))}
      </div>
      <div className="ht-cards">
        {options.map((option) => {
          const used = order.includes(option.number);
          return (
            <button
              key={option.number}
              type="button"
              className={cx('ht-card', used && 'is-used')}
              disabled={used || order.length >= slots}
              onClick={() => store([...order, option.number])}
              data-testid={`answer-card-${option.number}`}
            >
              <span className="ht-card__number">{option.number}</span>
              <span className="ht-card__text">{option.text}</span>
              {used && <span className="ht-card__order">{order.indexOf(option.number) + 1}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
