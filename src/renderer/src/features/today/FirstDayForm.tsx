import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DAILY_MINUTES, setFirstDay } from '@shared/contract/plan';
import type { OutputOf } from '@shared/contract/core';
import type { getToday } from '@shared/contract/plan';
import { ruToday } from '../../i18n/today';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { userInfoQuery } from '../../lib/use-user-info';
import { Button, Card, TextField } from '../../ui';
import { todayQueries } from './api';

const t = ruToday.firstDay;

/**
 * The first day: goal score, exam date and minutes a day, then the first plan.
 * Nothing else is asked here: the profile fields come later.
 */
export function FirstDayForm({ defaults }: { defaults: OutputOf<typeof getToday>['defaults'] }) {
  const queryClient = useQueryClient();
  const minutesId = useId();
  const [goal, setGoal] = useState(defaults.goalBall === null ? '' : String(defaults.goalBall));
  const [examDate, setExamDate] = useState(defaults.examDate);
  const [minutes, setMinutes] = useState<string>(defaults.dailyMinutes);
  const [problem, setProblem] = useState<{ field: 'goal' | 'date' | 'form'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const score = goal.trim();
    if (!/^\d{1,3}$/.test(score) || Number(score) > 100) return setProblem({ field: 'goal', text: t.goalProblem });
    if (examDate === '') return setProblem({ field: 'date', text: t.examDateProblem });
    setProblem(null);
    setSaving(true);
    try {
      await api.call(setFirstDay, { goalBall: score, examDate, dailyMinutes: minutes as (typeof DAILY_MINUTES)[number] }, { handleErrors: true });
      await Promise.all([queryClient.invalidateQueries({ queryKey: todayQueries.today().queryKey }), queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey })]);
    } catch (caught) {
      setProblem({ field: 'form', text: caught instanceof ApiError && caught.kind === 'failure' ? caught.message : `${t.error}: ${caught instanceof Error ? caught.message : ''}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t.title} className="today-first" data-testid="first-day">
      <p className="muted">{t.text}</p>
      <form
        className="form today-first__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label={t.goal} hint={t.goalHint} inputMode="numeric" maxLength={3} value={goal} onChange={setGoal} error={problem?.field === 'goal' ? problem.text : undefined} />
        <TextField label={t.examDate} hint={t.examDateHint(defaults.examDateFromSchool === '1')} type="date" value={examDate} onChange={setExamDate} error={problem?.field === 'date' ? problem.text : undefined} />
        <fieldset className="today-first__minutes" aria-describedby={undefined}>
          <legend id={minutesId}>{t.minutes}</legend>
          <div className="today-first__choices">
            {DAILY_MINUTES.map((option) => (
              <label key={option} className="today-first__choice">
                <input type="radio" name="daily-minutes" value={option} checked={minutes === option} onChange={() => setMinutes(option)} />
                <span>{t.minutesOption(option)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {problem?.field === 'form' && (
          <p className="form__error" role="alert">
            {problem.text}
          </p>
        )}
        <Button type="submit" loading={saving}>
          {t.submit}
        </Button>
      </form>
    </Card>
  );
}
