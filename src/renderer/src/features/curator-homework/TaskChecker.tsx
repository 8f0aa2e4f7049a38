import type { ResultP2Item, TaskCheck } from '@shared/contract/curator-homework';
import type { CommentSegment } from '@shared/contract/homework-p2';
import { useRef, useState } from 'react';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { Button, Checkbox, cx } from '../../ui';
import { clampScore, nextSegmentKey, selectionRange, snapToWords, splitBySegments } from './segments';
import { isOneOf } from '@shared/guards';
import type { CriteriaPoints } from '@shared/domain/p2-criteria';
import { criteriaTotal, CriteriaScores } from './CriteriaScores';

const t = ruCuratorHomework.p2;
const COLORS = ['green', 'orange', 'red'] as const;

/** Editable check of one task: the one shape the screens keep per task. */
export type CheckDraft = { cur_comment: string; ballov: number | null; add_comments: Record<string, CommentSegment>; criteria_ballov?: CriteriaPoints };

export function draftOf(item: ResultP2Item): CheckDraft {
  return { cur_comment: item.teacherComment, ballov: item.userBall, add_comments: item.teacherJson, criteria_ballov: item.criteriaBalls ?? {} };
}

/** The wire's check; a task scored by criteria sends their points (the server sums them). */
export function toTaskCheck(draft: CheckDraft): TaskCheck {
  return { cur_comment: draft.cur_comment, ballov: draft.ballov, add_comments: draft.add_comments, criteria_ballov: draft.criteria_ballov ?? {} };
}

/** The task's criteria; a copy kept on the device before criteria existed has none. */
const criteriaOf = (item: ResultP2Item) => item.criteria ?? [];

/** §9: a long selection previews its first and last 5 characters. */
function preview(text: string): string {
  return text.length > 10 ? `${text.slice(0, 5)}…${text.slice(-5)}` : text;
}

/** Offset of a DOM point inside the container's text (the answer is rendered as plain text spans). */
function offsetIn(container: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(container);
  range.setEnd(node, offset);
  return range.toString().length;
}

export interface TaskCheckerProps {
  item: ResultP2Item;
  draft: CheckDraft;
  onChange: (draft: CheckDraft) => void;
  editable: boolean;
  /** Shown above the question (the task view names the student). */
  heading: string;
  extra?: React.ReactNode;
}

/**
 * One task of a part 2 work under check: the answer with highlighted comment segments; selecting
 * text (snapped to whole words) offers a new segment (colour, strikethrough, sub-comment); segments
 * are listed with their sub-comment editable and removed in three clicks (§5); score clamped to
 * 0..max; general comment.
 */
export function TaskChecker({ item, draft, onChange, editable, heading, extra }: TaskCheckerProps) {
  const answerRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<{ start: number; end: number } | null>(null);
  const [tooLong, setTooLong] = useState(false);
  const [color, setColor] = useState<(typeof COLORS)[number]>('red');
  const [strike, setStrike] = useState(false);
  const [sub, setSub] = useState('');
  const [removing, setRemoving] = useState<{ key: string; step: number } | null>(null);
  const [scoreText, setScoreText] = useState(draft.ballov === null ? '' : String(draft.ballov));

  const pickSelection = () => {
    const container = answerRef.current;
    const selection = window.getSelection();
    if (!editable || !container || !selection || selection.rangeCount === 0 || selection.isCollapsed) return;
    const range = selection.getRangeAt(0);
    if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return;
    const words = snapToWords(item.userAnswer, offsetIn(container, range.startContainer, range.startOffset), offsetIn(container, range.endContainer, range.endOffset));
    const picked = selectionRange(words.start, words.end, item.userAnswer.length);
    setTooLong(picked === null && words.end - words.start > 0);
    setPending(picked);
  };

  const addSegment = () => {
    if (!pending) return;
    const key = nextSegmentKey(draft.add_comments);
    const segment: CommentSegment = { start_pos: pending.start, finish_pos: pending.end, color, zacherkn: strike ? 1 : 0, cur_subcomment: sub.trim() };
    onChange({ ...draft, add_comments: { ...draft.add_comments, [key]: segment } });
    setPending(null);
    setSub('');
    setStrike(false);
    window.getSelection()?.removeAllRanges();
  };

  const removeClick = (key: string) => {
    const step = removing?.key === key ? removing.step + 1 : 1;
    if (step < 3) return setRemoving({ key, step });
    const next = { ...draft.add_comments };
    delete next[key];
    onChange({ ...draft, add_comments: next });
    setRemoving(null);
  };

  const segments = Object.entries(draft.add_comments);
  const criteria = criteriaOf(item);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click elsewhere closes the «remove» prompt; Escape closes it from the keyboard
    <article className="task-check" onClick={(event) => !(event.target instanceof Element && event.target.closest('.task-check__remove')) && setRemoving(null)}>
      <header className="task-check__head">
        <h2 className="task-check__title">{heading}</h2>
        {item.isChecked === '1' && <span className="task-check__badge">{t.checkedFlag}</span>}
        {extra}
      </header>
      <p className="task-check__question">{item.q2Question}</p>
      <div className="task-check__label">{t.answer}</div>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the answer text is selected (mouse or Shift+arrows) to mark a fragment: it must take focus and hear the selection end */}
      <div
        ref={answerRef}
        className="task-check__answer"
        onMouseUp={pickSelection}
        onKeyUp={pickSelection}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so the keyboard can select a fragment (Shift+arrows)
        tabIndex={editable ? 0 : undefined}
        aria-label={t.answer}
        data-testid="answer"
      >
        {item.userAnswer === ''
          ? t.noAnswer
          : splitBySegments(item.userAnswer, draft.add_comments).map((piece, index) => {
              const top = piece.keys.length > 0 ? draft.add_comments[piece.keys[piece.keys.length - 1]!] : undefined;
              return (
                <span
                  key={index}
                  className={cx(top && `seg seg--${top.color}`, piece.keys.some((key) => draft.add_comments[key]?.zacherkn) && 'seg--strike')}
                  title={piece.keys.map((key) => draft.add_comments[key]?.cur_subcomment).filter(Boolean).join('\n') || undefined}
                >
                  {piece.text}
                </span>
              );
            })}
      </div>
      {editable && !pending && <p className="task-check__hint">{tooLong ? t.selectTooLong : t.selectHint}</p>}
      {editable && pending && (
        <div className="task-check__new" role="group" aria-label={t.addSegment}>
          <span className="task-check__quote">«{preview(item.userAnswer.slice(pending.start, pending.end))}»</span>
          <label className="task-check__field">
            <span>{t.color}</span>
            <select value={color} onChange={(event) => isOneOf(COLORS, event.target.value) && setColor(event.target.value)}>
              {COLORS.map((value) => (
                <option key={value} value={value}>
                  {t.colors[value]}
                </option>
              ))}
            </select>
          </label>
          <Checkbox checked={strike} onChange={setStrike} label={t.strike} />
          <label className="task-check__field task-check__field--grow">
            <span>{t.subcomment}</span>
            <input value={sub} maxLength={5000} onChange={(event) => setSub(event.target.value)} />
          </label>
          <Button size="sm" onClick={addSegment}>
            {t.addSegment}
          </Button>
        </div>
      )}
      <div className="task-check__label">{t.segments}</div>
      {segments.length === 0 ? (
        <p className="task-check__hint">{t.noSegments}</p>
      ) : (
        <ul className="task-check__segments">
          {segments.map(([key, segment]) => (
            <li key={key} className="task-check__segment">
              <span className={cx('seg', `seg--${segment.color}`, segment.zacherkn === 1 && 'seg--strike')}>{preview(item.userAnswer.slice(segment.start_pos, segment.finish_pos))}</span>
              {editable ? (
                <input
                  className="task-check__sub"
                  aria-label={t.subcomment}
                  placeholder={t.subcomment}
                  value={segment.cur_subcomment}
                  maxLength={5000}
                  onChange={(event) => onChange({ ...draft, add_comments: { ...draft.add_comments, [key]: { ...segment, cur_subcomment: event.target.value } } })}
                />
              ) : (
                <span className="task-check__sub">{segment.cur_subcomment}</span>
              )}
              {editable && (
                <Button
                  size="sm"
                  variant={removing?.key === key && removing.step >= 1 ? 'danger' : 'secondary'}
                  className="task-check__remove"
                  onClick={() => removeClick(key)}
                >
                  {removing?.key === key ? (removing.step === 1 ? t.removeSure : t.removeNow) : t.remove}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="task-check__reference" open data-testid="reference">
        <summary>{t.reference}</summary>
        <p className="task-check__reference-text">{item.qReference?.trim() || t.noReference}</p>
        {item.qCriteria?.trim() && (
          <details className="task-check__qcriteria">
            <summary>{t.questionCriteria}</summary>
            <p className="task-check__reference-text">{item.qCriteria}</p>
          </details>
        )}
      </details>
      {criteria.length > 0 && (
        <CriteriaScores
          taskNumber={item.qTaskNumber}
          criteria={criteria}
          points={draft.criteria_ballov ?? {}}
          max={item.realBall}
          editable={editable}
          onChange={(points) => onChange({ ...draft, criteria_ballov: points, ballov: criteriaTotal(criteria, points) })}
        />
      )}
      <div className="task-check__grade">
        {criteria.length === 0 && (
        <label className="task-check__field">
          <span>{t.score(item.realBall)}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={item.realBall}
            value={scoreText}
            disabled={!editable}
            onChange={(event) => {
              const score = clampScore(event.target.value, item.realBall);
              setScoreText(score === null ? '' : String(score));
              onChange({ ...draft, ballov: score });
            }}
          />
        </label>
        )}
        <label className="task-check__field task-check__field--grow">
          <span>{t.comment}</span>
          <textarea rows={3} value={draft.cur_comment} disabled={!editable} maxLength={5000} onChange={(event) => onChange({ ...draft, cur_comment: event.target.value })} />
        </label>
      </div>
    </article>
  );
}
