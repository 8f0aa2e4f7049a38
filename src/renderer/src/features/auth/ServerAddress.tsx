import { useState } from 'react';
import { ru } from '../../i18n/ru';
import { apiBaseUrl } from '../../lib/api';
import { desktopApi } from '../../lib/platform';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

const t = ru.auth.server;

/** Desktop only: which school server the app talks to, changeable before signing in. */
export function ServerAddress() {
  const desktop = desktopApi();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(apiBaseUrl());
  const [error, setError] = useState<string | undefined>();
  if (!desktop) return null;
  if (!editing) {
    return (
      <p className="muted small">
        {t.current} {apiBaseUrl()}{' '}
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          {t.change}
        </Button>
      </p>
    );
  }
  return (
    <form
      className="form"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await desktop.setServerUrl(value.trim());
          // The page's security policy names the server, so a new one needs a fresh page.
          window.location.reload();
        } catch (caught) {
          setError(caught instanceof Error ? caught.message : t.invalid);
        }
      }}
    >
      <TextField label={t.label} value={value} onChange={setValue} inputMode="url" placeholder="https://school.example.ru" error={error} />
      <Button type="submit" variant="secondary">
        {t.save}
      </Button>
    </form>
  );
}
