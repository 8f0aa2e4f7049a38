import { getTaskCriteria, setTaskCriteria } from '../../../src/shared/contract/question-bank-p2';
import { P2_TASK_MAX, P2_TASK_MIN } from '../../../src/shared/domain/question-bank-p2';
import { CRITERIA_TEXTS } from '../../../src/shared/domain/p2-criteria';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { criteriaByTask, criteriaViews } from '../../questions/p2-criteria';

/**
 * The school's ФИПИ criteria of part 2 tasks, edited by the bank's editors: a new exam
 * format changes a task's criteria here, and curators check by them from the next check on.
 */
export const taskCriteriaHandlers = [
  implement(getTaskCriteria, async (ctx) => {
    const byTask = await criteriaByTask(ctx.services.db);
    const tasks = [];
    for (let task = P2_TASK_MIN; task <= P2_TASK_MAX; task += 1) tasks.push({ taskNumber: task, criteria: criteriaViews(byTask.get(task) ?? []) });
    return { tasks };
  }),
  implement(setTaskCriteria, async (ctx, { taskNumber, criteria }) => {
    criteria.forEach((criterion, index) => {
      if (criterion.zeroIf !== null && criterion.zeroIf >= index + 1) fail(CRITERIA_TEXTS.zeroIfOrder.replace('{crit}', String(index + 1)));
    });
    if (criteria.reduce((sum, criterion) => sum + criterion.maxBall, 0) > 10) fail(CRITERIA_TEXTS.tooManyPoints);
    await ctx.services.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('p2_task_criteria').where('task_number', '=', taskNumber).execute();
      if (criteria.length === 0) return;
      await trx
        .insertInto('p2_task_criteria')
        .values(criteria.map((criterion, index) => ({ task_number: taskNumber, num: index + 1, max_points: criterion.maxBall, title: criterion.title, description: criterion.description, zero_if: criterion.zeroIf })))
        .execute();
    });
    return {};
  }),
];
