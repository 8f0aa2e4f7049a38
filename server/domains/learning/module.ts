import { learning } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { defineDomain } from '../../domain-module';
import { rebuildMastery } from './backfill';
import { examForecast, forecastSubject } from './forecast';
import { mountGroupExport } from './group-export';
import { groupProgress } from './group-progress';
import { visibleStudent } from './group-scope';
import { learningRows } from './student-learning';
import * as m0112 from './migrations/0112-learning-model';

/**
 * The learning model (ARCHITECTURE §5a): exam elements and their links, mastery per
 * student and element, and the ЕГЭ forecast. Mastery is written by server/learning/mastery.ts,
 * which every source of a scored answer calls in its own transaction (domains never import each
 * other); this domain owns the tables and reads them. Curators read the same model: the CRM
 * card's learning block and the «Группа» view with its xlsx export.
 */
export const learningDomain = defineDomain({
  name: 'learning',
  migrations: { '0112-learning-model': m0112 },
  // The demo's progress is seeded as rows: fold it into mastery once the other steps wrote it.
  async seedDemo(db) {
    await rebuildMastery(db);
  },
  handlers: [
    implement(learning.getExamForecast, async (ctx, { userKey }) => {
      const { db, clock } = ctx.services;
      const subject = await forecastSubject(db, ctx.user, userKey);
      return examForecast(db, subject.id, subject.goal_ball, clock.now());
    }),
    implement(learning.getStudentLearning, async (ctx, { userKey }) => {
      const { db, clock } = ctx.services;
      const [row] = await learningRows(db, [await visibleStudent(db, ctx.user, userKey)], clock.now());
      return { student: row!.row };
    }),
    implement(learning.getGroupProgress, async (ctx, { curatorId }) => groupProgress(ctx.services.db, ctx.user, curatorId, ctx.services.clock.now())),
  ],
  mount(app, services) {
    mountGroupExport(app, services);
  },
});
