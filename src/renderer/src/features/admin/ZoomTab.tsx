import { getZoomAppData, getZoomConfData, updateZoomAppData, updateZoomConfData } from '@shared/contract/admin';
import { useState } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { Button, TextField } from '../../ui';
import { toInputTime, toWireTime } from './form-rules';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.zoom;

/** The Zoom tab: the webinar the shell links to, and the app's credentials (secret write-only). */
export function ZoomTab() {
  const conf = useSetting(getZoomConfData);
  const app = useSetting(getZoomAppData);
  return (
    <div className="admin-settings__grid">
      <section className="admin-card" aria-labelledby="zoom-conf">
        <h2 id="zoom-conf">{t.confTitle}</h2>
        <Loaded query={conf}>{(data) => <ConfForm initial={data.zoomConfData} />}</Loaded>
      </section>
      <section className="admin-card" aria-labelledby="zoom-app">
        <h2 id="zoom-app">{t.appTitle}</h2>
        <Loaded query={app}>{(data) => <AppForm initial={data.zoomAppData} />}</Loaded>
      </section>
    </div>
  );
}

type Conf = { number: string; password: string; startDatetime: string; endDatetime: string };

function ConfForm({ initial }: { initial: Conf | null }) {
  const [number, setNumber] = useState(initial?.number ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [start, setStart] = useState(toInputTime(initial?.startDatetime ?? ''));
  const [end, setEnd] = useState(toInputTime(initial?.endDatetime ?? ''));
  const save = useSave(updateZoomConfData, getZoomConfData);
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ zoomConfData: { number, password, startDatetime: toWireTime(start), endDatetime: toWireTime(end) } });
      }}
    >
      {!initial && <p className="muted small">{t.confEmpty}</p>}
      <TextField label={t.number} value={number} onChange={setNumber} inputMode="numeric" maxLength={20} required />
      <TextField label={t.password} value={password} onChange={setPassword} maxLength={50} />
      <TextField label={t.start} type="datetime-local" value={start} onChange={setStart} required />
      <TextField label={t.end} type="datetime-local" value={end} onChange={setEnd} required />
      <div className="admin-actions">
        <Button type="submit" loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </form>
  );
}

function AppForm({ initial }: { initial: { client_id: string; clientSecretMasked: string } | null }) {
  const [clientId, setClientId] = useState(initial?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const save = useSave(updateZoomAppData, getZoomAppData);
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ zoomAppData: { client_id: clientId, client_secret: secret } }, { onSuccess: () => setSecret('') });
      }}
    >
      {!initial && <p className="muted small">{t.appEmpty}</p>}
      <TextField label={t.clientId} value={clientId} onChange={setClientId} maxLength={200} required autoComplete="off" />
      <TextField
        label={t.clientSecret}
        type="password"
        value={secret}
        onChange={setSecret}
        maxLength={200}
        autoComplete="new-password"
        hint={initial?.clientSecretMasked ? t.secretKept(initial.clientSecretMasked) : undefined}
      />
      <div className="admin-actions">
        <Button type="submit" loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </form>
  );
}
