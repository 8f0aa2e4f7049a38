import { type ReactNode, useState } from 'react';
import { Button, ConfirmPopup, Popup, cx } from '../ui';

/**
 * The one editor frame of the back office's question dialogs (part 1, part 2, oral credits): the
 * form state with its unsaved-changes guard, the save flow, the footer (status, previous/next,
 * delete, close, save or create) and the confirmations. Each dialog brings its texts and fields.
 */

export interface DialogNeighbours {
  previous: number | null;
  next: number | null;
  onOpen: (questionId: number) => void;
}

export interface EditorStatus {
  tone: 'ok' | 'error';
  text: string;
}

export interface EditorTexts {
  previous: string;
  next: string;
  cancel: string;
  save: string;
  fixErrors: string;
  saved: string;
  discardTitle: string;
  discardText: string;
  discard: string;
  /** The discard confirmation's "stay" button. */
  stay: string;
}

/** A dialog that can delete its question, and a new question's own button label. */
export interface DeleteTexts {
  createAction: string;
  delete: string;
  deleteTitle: (questionId: number) => string;
  deleteText: string;
  deleteConfirm: string;
  keep: string;
}

export interface SaveCalls {
  /** Problems found on this side: saving is refused with the fix-errors text. */
  hasErrors: boolean;
  /** Stores a new question (the dialog then hands over to its stored form), or null when it is stored already. */
  create: (() => Promise<void>) | null;
  update: () => Promise<void>;
  /** After an update is stored. */
  afterUpdate?: () => void;
  failureText: (error: unknown) => string;
}

/** The form, what was last saved, and what the frame needs to guard and save it. */
export function useQuestionEditor<Form>(initial: Form, same: (a: Form, b: Form) => boolean, texts: Pick<EditorTexts, 'fixErrors' | 'saved'>) {
  const [saved, setSaved] = useState<Form>(initial);
  const [form, setForm] = useState<Form>(initial);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<EditorStatus | null>(null);
  /** What to do once leaving with unsaved changes is confirmed (close, or open another question). */
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  const dirty = !same(form, saved);

  const patch = (fields: Partial<Form>) => {
    setForm((current) => ({ ...current, ...fields }));
    setStatus(null);
  };
  const leave = (action: () => void) => (dirty ? setPendingLeave(() => action) : action());

  const save = async (calls: SaveCalls) => {
    setTried(true);
    if (calls.hasErrors) {
      setStatus({ tone: 'error', text: texts.fixErrors });
      return;
    }
    setSaving(true);
    try {
      if (calls.create) {
        await calls.create();
        return;
      }
      await calls.update();
      setSaved(form);
      setTried(false);
      setStatus({ tone: 'ok', text: texts.saved });
      calls.afterUpdate?.();
    } catch (error) {
      setStatus({ tone: 'error', text: calls.failureText(error) });
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, saved, setSaved, patch, dirty, tried, saving, status, setStatus, leave, pendingLeave, setPendingLeave, save };
}

export type QuestionEditorState<Form> = ReturnType<typeof useQuestionEditor<Form>>;

export interface DeleteConfirmation {
  open: boolean;
  error: string | null;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

export function QuestionEditorDialog<Form>({
  editor,
  questionId,
  title,
  size,
  className,
  texts,
  neighbours,
  onClose,
  onSave,
  deletion,
  children,
}: {
  editor: QuestionEditorState<Form>;
  /** null: not stored yet. */
  questionId: number | null;
  title: string;
  size: 'md' | 'lg';
  className: string;
  texts: EditorTexts;
  neighbours: DialogNeighbours;
  onClose: () => void;
  onSave: () => void;
  /** Dialogs that can delete: a delete button and its confirmation, and «create» for a new question. */
  deletion?: { texts: DeleteTexts; confirm: DeleteConfirmation };
  children: ReactNode;
}) {
  const { leave, status, saving, dirty, pendingLeave, setPendingLeave } = editor;
  const open = (id: number | null) => id !== null && leave(() => neighbours.onOpen(id));
  // Part 1 (no deletion) keeps its navigation for a new question too, and saves only changes.
  const creating = questionId === null && deletion !== undefined;
  return (
    <>
      <Popup
        open
        onClose={() => leave(onClose)}
        title={title}
        size={size}
        className={className}
        actions={
          <div className="qedit__actions">
            {status && (
              <p className={cx('qedit__status', status.tone === 'error' && 'qedit__status--error')} role={status.tone === 'error' ? 'alert' : 'status'}>
                {status.text}
              </p>
            )}
            {!creating && (
              <span className="qedit__nav">
                <Button variant="ghost" size="sm" disabled={neighbours.previous === null} onClick={() => open(neighbours.previous)}>
                  {texts.previous}
                </Button>
                <Button variant="ghost" size="sm" disabled={neighbours.next === null} onClick={() => open(neighbours.next)}>
                  {texts.next}
                </Button>
              </span>
            )}
            {deletion && questionId !== null && (
              <Button variant="danger" onClick={deletion.confirm.onAsk}>
                {deletion.texts.delete}
              </Button>
            )}
            <Button variant="secondary" onClick={() => leave(onClose)}>
              {texts.cancel}
            </Button>
            <Button onClick={onSave} loading={saving} disabled={saving || (!creating && !dirty)}>
              {creating ? deletion.texts.createAction : texts.save}
            </Button>
          </div>
        }
      >
        {children}
      </Popup>
      <ConfirmPopup
        open={pendingLeave !== null}
        title={texts.discardTitle}
        text={texts.discardText}
        confirmLabel={texts.discard}
        cancelLabel={texts.stay}
        danger
        onCancel={() => setPendingLeave(null)}
        onConfirm={() => {
          const action = pendingLeave;
          setPendingLeave(null);
          action?.();
        }}
      />
      {deletion && questionId !== null && (
        <ConfirmPopup
          open={deletion.confirm.open}
          title={deletion.texts.deleteTitle(questionId)}
          text={deletion.texts.deleteText}
          confirmLabel={deletion.texts.deleteConfirm}
          cancelLabel={deletion.texts.keep}
          danger
          error={deletion.confirm.error ?? undefined}
          onCancel={deletion.confirm.onCancel}
          onConfirm={deletion.confirm.onConfirm}
        />
      )}
    </>
  );
}

/** The delete confirmation's state: asked, failed with a message, or done. */
export function useDeleteConfirmation(remove: () => Promise<void>, done: () => void, errorText: (error: unknown) => string): DeleteConfirmation {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    open,
    error,
    onAsk: () => {
      setError(null);
      setOpen(true);
    },
    onCancel: () => setOpen(false),
    onConfirm: async () => {
      setError(null);
      try {
        await remove();
      } catch (failure) {
        setError(errorText(failure));
        return;
      }
      setOpen(false);
      done();
    },
  };
}
