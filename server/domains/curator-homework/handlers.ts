import { curatorHomework } from '../../../src/shared/contract';
import { applyOnce, opOf } from '../../applied-ops/applied-ops';
import { implement } from '../../contract/implement';
import { reviewWork, sendChecked, setTaskFlags, type TaskFlag } from './checking';
import { waitingWorks } from './queue';
import { homeworkList, resultP1, resultP2, worksOfHomework } from './reading';

/** The wire's task check with its '0' | '1' status as the flag the service takes. */
const taskFlag = ({ taskStatus, ...task }: Omit<TaskFlag, 'checked'> & { taskStatus: '0' | '1' }): TaskFlag => ({ ...task, checked: taskStatus === '1' });

/** Handlers of curator homework checking, one per contract in src/shared/contract/curator-homework.ts. */
export const curatorHomeworkHandlers = [
  implement(curatorHomework.getDzList, async (ctx) => homeworkList(ctx.services.db, ctx.user)),

  implement(curatorHomework.getWaitingWorks, async (ctx) => waitingWorks(ctx.services.db, ctx.user)),

  implement(curatorHomework.sendCheckedP2, async (ctx, { taskId }) => ({ sent: await sendChecked(ctx.services.db, ctx.user, taskId, ctx.services.clock.now()) })),

  implement(curatorHomework.getHtListForDz, async (ctx, { htNumber }) => worksOfHomework(ctx.services.db, ctx.user, htNumber)),

  implement(curatorHomework.getResultP1, async (ctx, { dzNum, isDopPart, userVkId }) => resultP1(ctx.services.db, ctx.user, dzNum, isDopPart === '1' ? 1 : 0, userVkId)),

  implement(curatorHomework.getResultP2, async (ctx, { dzNum, type, onlyChecked }) => ({ result: await resultP2(ctx.services.db, ctx.user, dzNum, type, onlyChecked === '1') })),

  // A queued offline check carries an operation id: its resend is answered, not applied again.
  implement(curatorHomework.setResultP2, async (ctx, input) => {
    const { action, dzNum, studentId, jsonData, baseVersion } = input;
    const { db, clock } = ctx.services;
    const now = clock.now();
    return applyOnce(db, opOf(ctx.user.id, curatorHomework.setResultP2.path, input), now, async (remember) => {
      const review = { action, htNum: dzNum, key: studentId, checks: jsonData, now, baseVersion };
      return { workVersion: await reviewWork(db, ctx.user, { ...review, remember: (trx, workVersion) => remember(trx, { workVersion }) }) };
    });
  }),

  implement(curatorHomework.setTaskCheckedP2, async (ctx, input) => {
    await setTaskFlags(ctx.services.db, ctx.user, [taskFlag(input)], ctx.services.clock.now());
    return {};
  }),

  implement(curatorHomework.setTasksCheckedP2, async (ctx, { tasks }) => {
    await setTaskFlags(ctx.services.db, ctx.user, tasks.map(taskFlag), ctx.services.clock.now());
    return {};
  }),
];
