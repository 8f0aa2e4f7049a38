import { Button } from '../../ui';

/** A dialog form's foot: «Отменить» closes, the submit button saves (with its spinner). */
export function FormActions({ cancelLabel, submitLabel, busy, onCancel }: { cancelLabel: string; submitLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="ce-form__actions">
      <Button type="button" variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
