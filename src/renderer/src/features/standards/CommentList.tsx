import type { LearnedComment } from '@shared/contract/standards';
import { stampToRu } from '@shared/domain/standards';
import { ruStandards } from '../../i18n/standards';
import { Button } from '../../ui';

const t = ruStandards;

/** Learned comments, newest first; a cancel button on those the caller may cancel. */
export function CommentList({
  comments,
  onOpenStandard,
  onCancel,
}: {
  comments: LearnedComment[];
  /** The latest list names the standard and opens it. */
  onOpenStandard?: (standardId: number) => void;
  onCancel?: (comment: LearnedComment) => void;
}) {
  return (
    <ul className="standards__comments">
      {comments.map((comment) => (
        <li key={comment.learnedCommentId} className="standards__comment">
          <div className="standards__comment-head">
            <span className="standards__comment-who">{comment.userName}</span>
            {onOpenStandard && (
              <button type="button" className="standards__link-button" onClick={() => onOpenStandard(comment.standardId)}>
                {comment.standardName}
              </button>
            )}
            <span className="muted small">
              {stampToRu(comment.learnedAt)}
              {comment.outdated === '1' && ` · ${t.outdated}`}
            </span>
            {onCancel && comment.canEdit === '1' && (
              <Button variant="ghost" size="sm" onClick={() => onCancel(comment)} aria-label={`${t.cancelLearning}: ${comment.userName}`}>
                {t.cancelLearning}
              </Button>
            )}
          </div>
          <p className="standards__comment-text">{comment.learnedComment}</p>
        </li>
      ))}
    </ul>
  );
}
