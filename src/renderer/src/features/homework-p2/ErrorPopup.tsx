import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { Button, Popup } from '../../ui';

/** A refusal or failure shown in a popup (learning §8). */
export function ErrorPopup({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Popup
      open={message !== null}
      onClose={onClose}
      title={t.errorTitle}
      size="sm"
      actions={
        <Button type="button" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <p role="alert" data-testid="p2-error">
        {message}
      </p>
    </Popup>
  );
}
