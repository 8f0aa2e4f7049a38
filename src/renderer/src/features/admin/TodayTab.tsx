import { useState } from 'react';
import type { OutputOf } from '@shared/contract/core';
import { getTodaySettings, updateTodaySettings } from '@shared/contract/admin';
import { ruAdmin } from '../../i18n/admin';
import { Button, Select, Switch, TextField } from '../../ui';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.today;
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: t.hour(hour) }));

/** The «Сегодня» tab: the exam day offered on the first day, the streak's minimum, the profile form's blocking. */
export function TodayTab() {
  const settings = useSetting(getTodaySettings);
  return (
    <section className="admin-card">
      <Loaded query={settings}>{(data) => <TodayForm initial={data} />}</Loaded>
    </section>
  );
}

function TodayForm({ initial }: { initial: OutputOf<typeof getTodaySettings> }) {
  const [examDate, setExamDate] = useState(initial.examDate);
  const [minimum, setMinimum] = useState(String(initial.minimumMinutes));
  const [blocking, setBlocking] = useState(initial.profileFormBlocking === '1');
  const [quietFrom, setQuietFrom] = useState(initial.quietFrom);
  const [quietTo, setQuietTo] = useState(initial.quietTo);
  const save = useSave(updateTodaySettings, getTodaySettings);
  const minutes = Number(minimum);
  const valid = minimum.trim() !== '' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 240;
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ examDate, minimumMinutes: minutes, profileFormBlocking: blocking ? '1' : '0', quietFrom, quietTo });
      }}
    >
      <p className="muted small">{initial.comment}</p>
      <TextField label={t.examDate} hint={t.examDateHint(initial.defaultExamDate)} type="date" value={examDate} onChange={setExamDate} />
      <TextField label={t.minimumMinutes} hint={t.minimumHint} inputMode="numeric" value={minimum} onChange={(value) => setMinimum(value.replace(/\D/g, '').slice(0, 3))} />
      <Switch checked={blocking} onChange={setBlocking} label={t.profileFormBlocking} />
      <div className="admin-quiet-hours">
        <Select options={HOURS} value={quietFrom} onChange={setQuietFrom} label={t.quietFrom} />
        <Select options={HOURS} value={quietTo} onChange={setQuietTo} label={t.quietTo} />
      </div>
      <p className="muted small">{t.quietHint}</p>
      <div className="admin-actions">
        <Button type="submit" loading={save.isPending} disabled={!valid}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </form>
  );
}
