import { useState } from 'react';
import { ru } from '../../i18n/ru';
import { api } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { authContracts } from './auth-contracts';

const t = ru.auth.oneTimePassword;

/** After a sign-in with a one-time password (`npm run admin`): the account's own password, then in. */
export function ChangeOneTimePassword(props: {
  login: string;
  password: string;
  onSignedIn: (session: { token: string; device: string; userType: string; landing?: string }) => void;
  onBack: () => void;
}) {
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      aria-labelledby="one-time-title"
      onSubmit={async (event) => {
        event.preventDefault();
        if (next.length < 8) return setError(t.tooShort);
        if (next !== repeat) return setError(t.mismatch);
        setError('');
        setBusy(true);
        try {
          const { changeOneTimePassword } = await authContracts();
          props.onSignedIn(await api.call(changeOneTimePassword, { login: props.login, password: props.password, newPassword: next }, { handleErrors: true }));
        } catch (caught) {
          setError(caught instanceof Error ? caught.message : String(caught));
          setBusy(false);
        }
      }}
    >
      <h1 id="one-time-title">{t.title}</h1>
      <p className="muted">{t.note}</p>
      {/* For password managers: the account the new password belongs to (Chromium's guidance for change forms). */}
      <input type="text" name="username" autoComplete="username" value={props.login} readOnly hidden />
      {/* The step replaced the sign-in form under the user's hands: start where they type. */}
      <TextField
        id="new-password"
        name="new-password"
        type="password"
        label={t.newPassword}
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        autoFocus
      />
      <TextField id="repeat-password" name="repeat-password" type="password" label={t.repeat} autoComplete="new-password" value={repeat} onChange={setRepeat} />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block loading={busy}>
        {busy ? t.saving : t.submit}
      </Button>
      <Button type="button" variant="ghost" block onClick={props.onBack}>
        {t.back}
      </Button>
    </form>
  );
}
