import { plan } from '../../../src/shared/contract';
import { PLAN_TEXTS } from '../../../src/shared/contract/plan';
import { isIsoDate } from '../../../src/shared/domain/study-plan';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { defineDomain } from '../../domain-module';
import { dayIndexOfDate, moscowDayIndex } from '../../time/moscow-days';
import * as m0117 from './migrations/0117-plan';
import { planSubscribers } from './subscribers';
import { todayOf } from './today';

/**
 * «Сегодня» (issue 39, ARCHITECTURE §5a): the student's plan of the day from deadlines, the course's
 * next step and her weakest elements (sources/), the streak it feeds and the first-day questions.
 * The plan never writes scores; it reads the work and the learning model.
 */
export const planDomain = defineDomain({
  name: 'plan',
  migrations: { '0117-plan': m0117 },
  subscribers: planSubscribers,
  handlers: [
    implement(plan.getToday, async (ctx) => {
      const { db, clock } = ctx.services;
      const row = ctx.user.row;
      return todayOf(db, { id: ctx.user.id, type: ctx.user.type, createdAt: Number(row.created_at), goalBall: row.goal_ball }, clock.now());
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
  ],
});
