import { ASSISTANT_TEXTS, QUESTION_LIMIT } from '../../../src/shared/contract/assistant';
import { assistant } from '../../../src/shared/contract';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { enqueueJob } from '../../jobs/queue';
import { modelBudgetLimits, takeModelCall } from '../../model-budget/budget';
import { answerJobKey, answerQuestionJob } from './answer-job';
import { botMessageOf, messagesBySeq, overLimit, pageOfMessages, questionsSince, storeQuestion, takeQuestionSeq } from './history';

/** Handlers of the AI chat, one per contract in src/shared/contract/assistant.ts. */
export const assistantHandlers = [
  implement(assistant.questionBot, async (ctx, { question, toBot }) => {
    const { db, clock } = ctx.services;
    const now = clock.now();
    const since = now - QUESTION_LIMIT.windowMs;
    // A cheap refusal before any write; the exact check is the one under the sequence lock below.
    if (overLimit(await questionsSince(db, ctx.user.id, since))) fail(ASSISTANT_TEXTS.tooMany);
    // The question, its pending answer and the job that fills it land together or not at all.
    const stored = await db.transaction().execute(async (trx) => {
      const seq = await takeQuestionSeq(trx, ctx.user.id, toBot);
      // Counted after taking the ids: the user's earlier parallel questions to this bot are
      // committed by now, so a burst cannot slip past the limit (a refusal rolls the ids back).
      if (overLimit(await questionsSince(trx, ctx.user.id, since))) fail(ASSISTANT_TEXTS.tooMany);
      // The answer will ask the model: counted now, with the question (given back if it does not).
      if (ctx.services.chatModel.configured) await takeModelCall(trx, modelBudgetLimits(ctx.services.config), ctx.user.id, now);
      const rows = await storeQuestion(trx, { userId: ctx.user.id, bot: toBot, seq, question }, now);
      await enqueueJob(trx, answerQuestionJob, { answerRowId: rows.answer.id }, { runAt: now, key: answerJobKey(rows.answer.id), now });
      return rows;
    });
    ctx.services.wakeJobs();
    await ctx.services.live.push(ctx.user.id, assistant.updateBotAnswer, { bot: toBot, messages: [botMessageOf(stored.question), botMessageOf(stored.answer)], reason: 'update' });
    return { messageId: stored.question.seq };
  }),
  implement(assistant.triggerUpdateBotAnswer, async (ctx, { toBot, lastId, ids }) => {
    const { db } = ctx.services;
    if (ids && ids.length > 0) {
      await ctx.services.live.push(ctx.user.id, assistant.updateBotAnswer, { bot: toBot, messages: await messagesBySeq(db, ctx.user.id, toBot, ids), reason: 'update' });
    } else if (lastId !== undefined && lastId > 0) {
      await ctx.services.live.push(ctx.user.id, assistant.updateBotAnswer, { bot: toBot, messages: await pageOfMessages(db, ctx.user.id, toBot, lastId), reason: 'older' });
    } else {
      await ctx.services.live.push(ctx.user.id, assistant.updateBotAnswer, { bot: toBot, messages: await pageOfMessages(db, ctx.user.id, toBot), reason: 'latest' });
    }
    return {};
  }),
];
