import type { CommentSegment } from '@shared/contract/homework-p2';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { splitBySegments } from './logic';

/**
 * The checked answer with the checker's highlighted fragments (§3): colour background, struck
 * through when zacherkn ≠ 0, and the fragment's comment shown on hover or keyboard focus.
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
        return (
          <mark key={piece.start} className={`${className} p2-seg--noted`} tabIndex={0} data-testid="p2-segment">
            {zacherkn !== 0 ? <s>{piece.text}</s> : piece.text}
            <span className="p2-seg__note" role="note">
              <span className="visually-hidden">{t.segmentNote}: </span>
              {note}
            </span>
          </mark>
        );
      })}
    </p>
  );
}
