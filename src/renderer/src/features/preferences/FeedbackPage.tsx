import { useId, useState } from 'react';
import { toFlag } from '@shared/contract/fields';
import { FEEDBACK_MAX_LENGTH, sendFeedback } from '@shared/contract/preferences';
import { ru } from '../../i18n/ru';
import { ruPreferences } from '../../i18n/preferences';
import { LiveError } from '../../lib/live-client';
import { Button, Card, fill, Popup, SendButton, Switch } from '../../ui';
import { errorText, liveRequest } from './live-request';
import './preferences.css';

const t = ruPreferences.feedback;

/** Feedback (shell §2.12, §5, §8.6): a message and an anonymity choice, stored for the back office. */
export function FeedbackPage() {
  const [message, setMessage] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = useId();

  const send = async () => {
    if (message.trim() === '') {
      setInvalid(true);
      throw new Error(t.empty);
    }
    setInvalid(false);
    try {
      await liveRequest(sendFeedback, { message, anonym: toFlag(anonymous) });
    } catch (error) {
      // '0' carries the server's own words (limit, validation); anything else gets the spec's prefix.
      if (!(error instanceof LiveError && error.kind === 'signedOut')) {
        setFailure(error instanceof LiveError && error.kind === 'failure' ? error.message : t.sendError + errorText(error));
      }
      throw error;
    }
    setMessage('');
  };

  return (
    <section className="screen prefs" aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t.title}</h1>
      <Card>
        <form className="form prefs-feedback" onSubmit={(event) => event.preventDefault()} noValidate>
          <p className="muted">{t.intro}</p>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={fieldId}>
              {t.message}
            </label>
            <textarea
              id={fieldId}
              className="ui-input prefs-feedback__text"
              rows={7}
              value={message}
              maxLength={FEEDBACK_MAX_LENGTH}
              placeholder={t.placeholder}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${fieldId}-error` : `${fieldId}-counter`}
              onChange={(event) => {
                setMessage(event.target.value);
                if (invalid && event.target.value.trim() !== '') setInvalid(false);
              }}
            />
            <div className="prefs-feedback__under">
              {invalid ? (
                <p id={`${fieldId}-error`} className="ui-field__error" role="alert">
                  {t.empty}
                </p>
              ) : (
                <span />
              )}
              <span id={`${fieldId}-counter`} className="muted small">
                {fill(t.counter, { count: message.length, max: FEEDBACK_MAX_LENGTH })}
              </span>
            </div>
          </div>
          <div className="prefs-feedback__anonym">
            <Switch checked={anonymous} onChange={setAnonymous} label={t.anonym} />
            <p className="muted small">{t.anonymHint}</p>
          </div>
          <div>
            <SendButton type="submit" onClick={send} sentMs={1000} />
          </div>
        </form>
      </Card>
      <Popup open={failure !== null} onClose={() => setFailure(null)} title={t.errorTitle} size="sm" actions={<Button onClick={() => setFailure(null)}>{ru.common.close}</Button>}>
        <p>{failure}</p>
      </Popup>
    </section>
  );
}
