import type { CommentSegment } from '@shared/contract/homework-p2';
import { useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { splitBySegments } from './logic';

/**
 * The checked answer with the checker's highlighted fragments (§3): colour background, struck
 * through when zacherkn ≠ 0, and the fragment's comment shown on hover, keyboard focus or a tap
 * (a phone has no hover).
 */
export function AnswerWithSegments({ text, segments }: { text: string; segments: Record<string, CommentSegment> }) {
  if (text.trim() === '') return <p className="p2-answer-view p2-muted">{t.noAnswer}</p>;
  const pieces = splitBySegments(text, segments);
  return (
    <p className="p2-answer-view" data-testid="p2-answer-view">
      {pieces.map((piece) => {
        if (!piece.segment) return <span key={piece.start}>{piece.text}</span>;
        const { color, zacherkn, cur_subcomment: note } = piece.segment;
        const className = `p2-seg p2-seg--${color}${zacherkn !== 0 ? ' p2-seg--struck' : ''}`;
        if (!note.trim()) {
          return (
            <mark key={piece.start} className={className}>
              {piece.text}
            </mark>
          );
        }
        return <NotedSegment key={piece.start} className={className} text={piece.text} struck={zacherkn !== 0} note={note} />;
      })}
    </p>
  );
}

/** A fragment with a comment: a tap (or Enter/Space) opens and closes it; hover and focus still show it. */
function NotedSegment({ className, text, struck, note }: { className: string; text: string; struck: boolean; note: string }) {
  const [open, setOpen] = useState(false);
  return (
    <mark
      className={`${className} p2-seg--noted${open ? ' p2-seg--open' : ''}`}
      tabIndex={0}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- a highlighted fragment of the answer that opens its note: it stays a <mark> in the text and works as a button (Enter, Space)
      role="button"
      aria-expanded={open}
      data-testid="p2-segment"
      onClick={() => setOpen((was) => !was)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        setOpen((was) => !was);
      }}
      onBlur={() => setOpen(false)}
    >
      {struck ? <s>{text}</s> : text}
      <span className="p2-seg__note" role="note">
        <span className="visually-hidden">{t.segmentNote}: </span>
        {note}
      </span>
    </mark>
  );
}
