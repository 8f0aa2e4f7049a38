import { ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { Button, cx } from '../../ui';

const t = ruQuestionBankP2.dialog;

export interface DialogNeighbours {
  previous: number | null;
  next: number | null;
  onOpen: (questionId: number) => void;
}

export interface EditorStatus {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * The footer both bank dialogs share: the save status, previous/next question (through `leave`,
 * which asks before dropping unsaved changes), delete, close, and save or create.
 */
export function EditorActions({
  isNew,
  status,
  neighbours,
  leave,
  onDelete,
  onClose,
  onSave,
  saving,
  dirty,
}: {
  isNew: boolean;
  status: EditorStatus | null;
  neighbours: DialogNeighbours;
  leave: (action: () => void) => void;
  onDelete: () => void;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  dirty: boolean;
}) {
  const open = (questionId: number | null) => questionId !== null && leave(() => neighbours.onOpen(questionId));
  return (
    <div className="qedit__actions">
      {status && (
        <p className={cx('qedit__status', status.tone === 'error' && 'qedit__status--error')} role={status.tone === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      {!isNew && (
        <span className="qedit__nav">
          <Button variant="ghost" size="sm" disabled={neighbours.previous === null} onClick={() => open(neighbours.previous)}>
            {t.previous}
          </Button>
          <Button variant="ghost" size="sm" disabled={neighbours.next === null} onClick={() => open(neighbours.next)}>
            {t.next}
          </Button>
        </span>
      )}
      {!isNew && (
        <Button variant="danger" onClick={onDelete}>
          {t.delete}
        </Button>
      )}
      <Button variant="secondary" onClick={() => leave(onClose)}>
        {t.cancel}
      </Button>
      <Button onClick={onSave} loading={saving} disabled={saving || (!isNew && !dirty)}>
        {isNew ? t.createAction : t.save}
      </Button>
    </div>
  );
}
