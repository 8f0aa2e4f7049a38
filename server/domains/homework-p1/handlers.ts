import { homeworkP1 } from '../../../src/shared/contract';
import { HOMEWORK_TEXTS } from '../../../src/shared/contract/homework-p1';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { partTwoTimer } from '../homework-p2/homework-p2';
import { answerPartOne, getPartOne, partOneTimer, stepBackPartOne } from './homework-p1';

const dop = (flag: '0' | '1'): 0 | 1 => (flag === '1' ? 1 : 0);

/** Handlers of homework part 1, one per contract in src/shared/contract/homework-p1.ts. */
export const homeworkP1Handlers = [
  implement(homeworkP1.getHtP1Divided, async (ctx, { htNum, isDopPart, startButtonPressed }) =>
    getPartOne(ctx.services.db, ctx.services.events, ctx.user, { htNum, isDop: dop(isDopPart), start: startButtonPressed === '1' }, ctx.services.clock.now()),
  ),

  implement(homeworkP1.sendHtP1Divided, async (ctx, { htNum, isDopPart, questionNum, userAnswer }) => {
    await answerPartOne(ctx.services.db, ctx.services.events, ctx.user, { htNum, isDop: dop(isDopPart), questionNum, typed: userAnswer }, ctx.services.clock.now());
    return {};
  }),

  implement(homeworkP1.backwardQuestionHtP1Divided, async (ctx, { htNum, isDopPart, tempUserAnswer }) => {
    await stepBackPartOne(ctx.services.db, ctx.services.events, ctx.user, { htNum, isDop: dop(isDopPart), draft: tempUserAnswer }, ctx.services.clock.now());
    return {};
  }),

  // Part 2's `localTimer` is only the client's view: the answer is the server's own count (p2-timer.ts).
  implement(homeworkP1.getHomeTaskTimer, async (ctx, { htPart, htNum }) => ({
    timer: htPart === 'p1' ? await partOneTimer(ctx.services.db, ctx.user, htNum, ctx.services.clock.now()) : await partTwoTimer(ctx.services.db, ctx.user, htNum, ctx.services.clock.now()),
  })),

  implement(homeworkP1.setAsDifficult, async (ctx, { qId, isDifficult }) => {
    const { db, clock } = ctx.services;
    const question = await db.selectFrom('questions_p1').select('id').where('id', '=', qId).executeTakeFirst();
    if (!question) fail(HOMEWORK_TEXTS.questionNotFound);
    if (isDifficult === '1') {
      await db
        .insertInto('difficult_questions')
        .values({ user_id: ctx.user.id, question_id: qId, created_at: clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
        .execute();
    } else {
      await db.deleteFrom('difficult_questions').where('user_id', '=', ctx.user.id).where('question_id', '=', qId).execute();
    }
    return {};
  }),
];
