import { ruQuestionBankAdmin } from '../i18n/question-bank-admin';
import { Button, Checkbox, Select, TextField } from '../ui';
import { matchChoice, moveInSequence, type QuestionForm, rowLabel, sequenceOrder, setMatch, toggleRight } from './editor-answers';

const t = ruQuestionBankAdmin.dialog;

/** The back-office editor's right-answer field of each kind: checkboxes, a choice per row, an order, or words. */

export interface RightAnswerFieldProps {
  form: QuestionForm;
  onChange: (form: QuestionForm) => void;
}

const short = (text: string) => (text.trim() === '' ? '…' : text.length > 80 ? `${text.slice(0, 79)}…` : text);
const writtenOf = (form: QuestionForm) => form.rightAnswers.filter((answer) => answer !== '').join(', ');

export function WordAnswersField({ form, onChange }: RightAnswerFieldProps) {
  const words = form.rightAnswers.length > 0 ? form.rightAnswers : [''];
  const setWord = (index: number, value: string) => onChange({ ...form, rightAnswers: words.map((word, i) => (i === index ? value : word)) });
  return (
    <div className="qedit__answers">
      <p className="ui-field__hint">{t.wordsHint}</p>
      {words.map((word, index) => (
        <div key={index} className="qedit__word">
          <TextField label={t.word(index + 1)} value={word} onChange={(value) => setWord(index, value)} maxLength={60} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={t.removeWord(index + 1)}
            title={t.removeWord(index + 1)}
            disabled={words.length === 1}
            onClick={() => onChange({ ...form, rightAnswers: words.filter((_, i) => i !== index) })}
          >
            ✕
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange({ ...form, rightAnswers: [...words, ''] })} disabled={words.length >= 20}>
        {t.addWord}
      </Button>
    </div>
  );
}

export function SetAnswerField({ form, onChange }: RightAnswerFieldProps) {
  const options = form.questionAnsColumn1;
  const written = writtenOf(form);
  const chosen = new Set([...(form.rightAnswers[0] ?? '')].map(Number));
  return (
    <div className="qedit__answers">
      <p className="ui-field__hint">{t.rightSetHint}</p>
      {options.map((option, index) => (
        <Checkbox key={index} checked={chosen.has(index + 1)} onChange={() => onChange(toggleRight(form, index + 1))} label={`${index + 1}. ${short(option)}`} />
      ))}
      {written && <p className="muted small">{t.currentAnswer(written)}</p>}
    </div>
  );
}

export function MatchAnswerField({ form, onChange }: RightAnswerFieldProps) {
  const options = form.questionAnsColumn1;
  const written = writtenOf(form);
  const choices = form.questionAnsColumn2.map((option, index) => ({ value: index + 1, label: `${index + 1}. ${short(option)}` }));
  return (
    <div className="qedit__answers qedit__match">
      {options.map((option, row) => (
        <div key={row} className="qedit__match-row">
          <span className="qedit__match-text">
            <strong>{rowLabel('match', 1, row)}</strong> {short(option)}
          </span>
          <Select<number>
            aria-label={t.rightMatchRow(rowLabel('match', 1, row))}
            value={matchChoice(form, row) || null}
            placeholder={t.rightMatchPick}
            onChange={(value) => onChange(setMatch(form, row, value))}
            options={choices}
          />
        </div>
      ))}
      {written && <p className="muted small">{t.currentAnswer(written)}</p>}
    </div>
  );
}

export function SequenceAnswerField({ form, onChange }: RightAnswerFieldProps) {
  const options = form.questionAnsColumn1;
  const { order, set } = sequenceOrder(form);
  return (
    <div className="qedit__answers">
      <p className="ui-field__hint">{t.rightSequenceHint}</p>
      <ol className="qedit__sequence">
        {order.map((option, position) => (
          <li key={option} className="qedit__sequence-item">
            <span>
              <strong>{option}.</strong> {short(options[option - 1] ?? '')}
            </span>
            <span className="qedit__sequence-buttons">
              <Button variant="ghost" size="sm" disabled={position === 0} aria-label={t.moveUp(String(option))} onClick={() => onChange(moveInSequence(form, position, -1))}>
                ↑
              </Button>
              <Button variant="ghost" size="sm" disabled={position === order.length - 1} aria-label={t.moveDown(String(option))} onClick={() => onChange(moveInSequence(form, position, 1))}>
                ↓
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {!set && order.length > 0 && (
        <Button variant="secondary" size="sm" onClick={() => onChange({ ...form, rightAnswers: [order.join('')] })}>
          {t.useOrder}
        </Button>
      )}
      {set && <p className="muted small">{t.currentAnswer(order.join(''))}</p>}
    </div>
  );
}
