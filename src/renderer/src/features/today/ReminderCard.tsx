import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { setReminder, type getToday } from '@shared/contract/plan';
import { REMINDER_HOURS } from '@shared/domain/study-plan';
import type { OutputOf } from '@shared/contract/core';
import { ruToday } from '../../i18n/today';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/route-names';
import { Card, Select, Switch } from '../../ui';
import { todayQueries } from './api';

const t = ruToday.reminder;
const HOUR_OPTIONS = REMINDER_HOURS.map((hour) => ({ value: hour, label: t.hour(hour) }));

/**
 * «Напоминания в Telegram»: on/off and the hour. When the school's bot cannot
 * reach her, the switch is off-limits and the card says why and how to fix it.
 */
export function ReminderCard({ reminder }: { reminder: OutputOf<typeof getToday>['reminder'] }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const on = reminder.on === '1';
  // Turning it off is always allowed; turning it on needs a bot and her linked chat.
  const blocked = !on && (reminder.reach === 'noBot' || reminder.reach === 'notLinked' || reminder.reach === 'notFollowing');

  const save = async (nextOn: boolean, hour: number) => {
    setSaving(true);
    setProblem('');
    try {
      await api.call(setReminder, { on: nextOn ? '1' : '0', hour: String(hour) }, { handleErrors: true });
      await queryClient.invalidateQueries({ queryKey: todayQueries.today().queryKey });
    } catch (caught) {
      setProblem(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : `${t.error}: ${caught instanceof Error ? caught.message : ''}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t.title} className="today-reminder" data-testid="today-reminder">
      {reminder.reach === 'noBot' ? (
        <p className="muted">{t.noBot}</p>
      ) : (
        <>
          <div className="today-reminder__row">
            <Switch checked={on} disabled={saving || blocked} onChange={(next) => void save(next, reminder.hour)} label={t.switch} />
            <Select options={HOUR_OPTIONS} value={reminder.hour} disabled={saving || !on} aria-label={t.hourLabel} onChange={(hour) => void save(true, hour)} />
          </div>
          <p className="muted">{t.quiet(reminder.quietFrom, reminder.quietTo)}</p>
          {reminder.reach === 'notLinked' && (
            <p className="muted">
              {t.notLinked} <Link to={paths.lk()}>{t.linkPlace}</Link>
            </p>
          )}
          {reminder.reach === 'notFollowing' && <p className="muted">{t.notFollowing}</p>}
          {reminder.reach === 'unknown' && <p className="muted">{t.unknown}</p>}
        </>
      )}
      {problem !== '' && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </Card>
  );
}
