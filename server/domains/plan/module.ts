import { plan } from '../../../src/shared/contract';
import { PLAN_TEXTS } from '../../../src/shared/contract/plan';
import { isIsoDate, REMINDER_HOURS } from '../../../src/shared/domain/study-plan';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { defineDomain } from '../../domain-module';
import { dayIndexOfDate, moscowDayIndex } from '../../time/moscow-days';
import * as m0117 from './migrations/0117-plan';
import * as m0118 from './migrations/0118-plan-reminders';
import { planRemindersJob } from './reminders';
import { reminderStateOf } from './reminder-state';
import { planSubscribers } from './subscribers';
import { todayOf } from './today';

/**
 * «Сегодня» (ARCHITECTURE §5a): the student's plan of the day from deadlines, the course's
 * next step and her weakest elements (sources/), the streak it feeds and the first-day questions.
 * The plan never writes scores; it reads the work and the learning model.
 */
export const planDomain = defineDomain({
  name: 'plan',
  migrations: { '0117-plan': m0117, '0118-plan-reminders': m0118 },
  jobs: [planRemindersJob],
  subscribers: planSubscribers,
  handlers: [
    implement(plan.getToday, async (ctx) => {
      const { db, clock } = ctx.services;
      const row = ctx.user.row;
      const today = await todayOf(db, { id: ctx.user.id, type: ctx.user.type, createdAt: Number(row.created_at), goalBall: row.goal_ball }, clock.now());
      return { ...today, reminder: await reminderStateOf(ctx.services, { id: ctx.user.id, tg_id: row.tg_id }) };
    }),
    implement(plan.setFirstDay, async (ctx, { goalBall, examDate, dailyMinutes }) => {
      const { db, clock } = ctx.services;
      const now = clock.now();
      const goal = Number(goalBall);
      if (!Number.isInteger(goal) || goal > 100) fail(PLAN_TEXTS.goalRange);
      if (!isIsoDate(examDate) || dayIndexOfDate(examDate) < moscowDayIndex(now)) fail(PLAN_TEXTS.examDate);
      const minutes = Number(dailyMinutes);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ goal_ball: goal, updated_at: now }).where('id', '=', ctx.user.id).execute();
        await trx
          .insertInto('plan_profiles')
          .values({ user_id: ctx.user.id, daily_minutes: minutes, exam_date: examDate, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ daily_minutes: minutes, exam_date: examDate, updated_at: now }))
          .execute();
        // New minutes re-size today's plan unless today already counted.
        await trx.deleteFrom('plan_days').where('user_id', '=', ctx.user.id).where('day', '=', moscowDayIndex(now)).where('counted_at', 'is', null).execute();
      });
      return {};
    }),
    implement(plan.setReminder, async (ctx, { on, hour }) => {
      const { db, clock } = ctx.services;
      const chosen = Number(hour);
      if (!REMINDER_HOURS.some((allowed) => allowed === chosen)) fail(PLAN_TEXTS.reminderHour);
      // Turning it on needs a way to reach her; turning it off never does.
      if (on === '1') {
        const { reach } = await reminderStateOf(ctx.services, { id: ctx.user.id, tg_id: ctx.user.row.tg_id });
        if (reach === 'noBot') fail(PLAN_TEXTS.reminderNoBot);
        if (reach === 'notLinked') fail(PLAN_TEXTS.reminderNotLinked);
        if (reach === 'notFollowing') fail(PLAN_TEXTS.reminderNotFollowing);
      }
      const result = await db
        .updateTable('plan_profiles')
        .set({ reminder_hour: on === '1' ? chosen : null, updated_at: clock.now() })
        .where('user_id', '=', ctx.user.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) fail(PLAN_TEXTS.reminderBeforeSetup);
      return {};
    }),
  ],
});
