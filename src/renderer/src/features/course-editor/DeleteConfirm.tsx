import { liveErrorText } from '../../lib/live-request';
import { ConfirmPopup } from '../../ui';
import { useEdit } from './use-edit';

export interface DeleteConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Said after the deletion. */
  done: string;
  remove: () => Promise<unknown>;
  onDone?: () => void;
  onClose: () => void;
}

/**
 * «Удалить …?» for anything of the course: the server refuses what students have answered (or a
 * chapter with lessons), and its reason stays in the popup as it came.
 */
export function DeleteConfirm({ title, text, confirmLabel, done, remove, onDone, onClose }: DeleteConfirmProps) {
  const removal = useEdit(remove, {
    inlineErrors: true,
    done,
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <ConfirmPopup
      open
      danger
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      onConfirm={() => removal.mutateAsync(undefined)}
      onCancel={onClose}
      error={removal.isError ? liveErrorText(removal.error) : undefined}
    />
  );
}
