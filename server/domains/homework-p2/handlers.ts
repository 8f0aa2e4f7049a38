import { homeworkP2 } from '../../../src/shared/contract';
import { formatMoscowTimeWithSeconds } from '../../../src/shared/domain/moscow-time';
import { applyOnce, opOf } from '../../applied-ops/applied-ops';
import { implement } from '../../contract/implement';
import { setDifficultP2 } from './difficult-p2';
import { openPartTwo, savePartTwo, selfCheckTask, startMistakeWork, submitPartTwo } from './homework-p2';

const dop = (flag: '0' | '1'): 0 | 1 => (flag === '1' ? 1 : 0);

/** Handlers of homework part 2 for students, one per contract in src/shared/contract/homework-p2.ts. */
export const homeworkP2Handlers = [
  implement(homeworkP2.getHtP2Camel, async (ctx, { htNum, markSave, isDopPart, startButtonPressed }) =>
    openPartTwo(ctx.services.db, ctx.services.events, ctx.user, { htNum, isDop: dop(isDopPart), tab: markSave, now: ctx.services.clock.now(), start: startButtonPressed === '1' }),
  ),

  // A save sent again after a lost reply (same opId) is answered with the first save's time.
  implement(homeworkP2.saveHtP2New, async (ctx, input) => {
    const { htNum, isDopPart, questions, forceSave, markSave } = input;
    const now = ctx.services.clock.now();
    const answer = { savedAt: formatMoscowTimeWithSeconds(now) };
    return applyOnce(ctx.services.db, opOf(ctx.user.id, homeworkP2.saveHtP2New.path, input), now, async (remember) => {
      await savePartTwo(ctx.services.db, ctx.services.events, ctx.user, { htNum, isDop: dop(isDopPart), tab: markSave, force: forceSave === '1', answers: questions, now, remember: (trx) => remember(trx, answer) });
      return answer;
    });
  }),

  implement(homeworkP2.endHtP2, async (ctx, { htNum, isDopPart }) => {
    await submitPartTwo(ctx.services.db, ctx.services.events, ctx.user, htNum, dop(isDopPart), ctx.services.clock.now());
    return {};
  }),

  implement(homeworkP2.htToMistakeWorkP2, async (ctx, { htNum, isDopPart }) => {
    await startMistakeWork(ctx.services.db, ctx.user, htNum, dop(isDopPart), ctx.services.clock.now());
    return {};
  }),

  implement(homeworkP2.setSelfcheckResultHtP2, async (ctx, { dzNum, taskNum, checkComment, checkBall }) => {
    await selfCheckTask(ctx.services.db, ctx.user, { htNum: dzNum, taskNum, comment: checkComment, points: checkBall, now: ctx.services.clock.now() });
    return {};
  }),

  implement(homeworkP2.setAsDifficult2, async (ctx, { qId, isDifficult }) => {
    await setDifficultP2(ctx.services.db, ctx.user, qId, isDifficult === '1', ctx.services.clock.now());
    return {};
  }),
];
