import { z } from 'zod';
import { ASSISTANT_TEXTS, BOTS, updateBotAnswer, type BotId, type BotSource } from '../../../src/shared/contract/assistant';
import { oneOf } from '../../../src/shared/guards';
import type { ChunkKind } from '../../../src/shared/contract/knowledge';
import { defineJob } from '../../jobs/job';
import { giveBackModelCall } from '../../model-budget/budget';
import { ChatModelError } from '../../providers/chat-model';
import type { Services } from '../../services';
import { retrieveAnswer } from '../knowledge/retrieval';
import { citedSources, excerptsAnswer, markdownBoldAsTags, modelPrompt, nothingFoundAnswer, sourceOf } from './compose';
import { isOrganisationalQuestion } from './org-question';
import { botMessageOf } from './history';

/** The org bot answers from organisational chunks, the theory bot from theory ones. */
export const KIND_OF_BOT: Record<BotId, ChunkKind> = { botConsultantKurs: 'org', botTheory: 'theory' };

/** Streamed text is saved and pushed at most this often. */
const STREAM_FLUSH_MS = 250;

export const answerJobKey = (answerRowId: number) => `assistant-answer:${answerRowId}`;

async function saveAndPush(services: Services, rowId: number, set: { message: string; status: string; sources?: BotSource[] }): Promise<void> {
  const row = await services.db
    .updateTable('bot_messages')
    .set({ message: set.message, status: set.status, ...(set.sources ? { sources: JSON.stringify(set.sources) } : {}), updated_at: services.clock.now() })
    .where('id', '=', rowId)
    .returningAll()
    .executeTakeFirst();
  // The history may have been trimmed meanwhile: nothing left to show.
  if (!row) return;
  await services.live.push(row.user_id, updateBotAnswer, { bot: oneOf(BOTS, row.bot, 'бот помощника'), messages: [botMessageOf(row)], reason: 'update' });
}

/**
 * Answers one question: retrieval over the published base, then either the local default
 * (excerpts, cited) or the chat model streaming an answer grounded in the same excerpts. A job,
 * so a question asked just before a restart is answered after it, and the runner's claim makes
 * sure two instances never answer the same question.
 */
export async function answerQuestion(services: Services, answerRowId: number): Promise<void> {
  const answer = await services.db.selectFrom('bot_messages').selectAll().where('id', '=', answerRowId).executeTakeFirst();
  if (!answer || (answer.status !== 'pending' && answer.status !== 'streaming') || answer.question_id === null) return;
  const question = await services.db.selectFrom('bot_messages').select('message').where('id', '=', answer.question_id).executeTakeFirst();
  if (!question) return saveAndPush(services, answerRowId, { message: ASSISTANT_TEXTS.failed, status: 'error' });
  const bot = oneOf(BOTS, answer.bot, 'бот помощника');
  const kind = KIND_OF_BOT[bot] ?? 'theory';
  const model = services.chatModel;
  if (bot === 'botTheory' && isOrganisationalQuestion(question.message)) {
    // Deadlines, payment, schedule: the other bot's knowledge. Offered, not searched in theory; the model is not asked.
    await saveAndPush(services, answerRowId, { message: ASSISTANT_TEXTS.askOrgBot, status: 'done', sources: [] });
    if (model.configured) await giveBackModelCall(services.db, answer.user_id, Number(answer.created_at));
    return;
  }
  const found = await retrieveAnswer(services.db, services.dialect, question.message, kind, model.configured ? 4 : 3);
  const { chunks } = found;
  if (chunks.length === 0) {
    // Nothing to ground an answer in (or a topic the base lacks): the model is not asked, so the call counted at the question is given back.
    // Saved first: a retry after a failed give-back finds the answer done and gives nothing back twice.
    await saveAndPush(services, answerRowId, { message: nothingFoundAnswer(found), status: 'done', sources: [] });
    if (model.configured) await giveBackModelCall(services.db, answer.user_id, Number(answer.created_at));
    return;
  }
  if (!model.configured) {
    return saveAndPush(services, answerRowId, { message: excerptsAnswer(chunks), status: 'done', sources: chunks.map((chunk, index) => sourceOf(chunk, index + 1)) });
  }
  let text = '';
  let flushed = 0;
  let flushing: Promise<void> = Promise.resolve();
  try {
    const whole = await model.complete(modelPrompt(question.message, chunks), {
      maxTokens: 800,
      onDelta: (delta) => {
        text += delta;
        const now = Date.now();
        if (now - flushed < STREAM_FLUSH_MS) return;
        flushed = now;
        const snapshot = markdownBoldAsTags(text);
        flushing = flushing.then(() => saveAndPush(services, answerRowId, { message: snapshot, status: 'streaming' })).catch(() => undefined);
      },
    });
    await flushing;
    const final = markdownBoldAsTags(whole.trim()) || ASSISTANT_TEXTS.notFound;
    await saveAndPush(services, answerRowId, { message: final, status: 'done', sources: citedSources(final, chunks) });
  } catch (error) {
    await flushing;
    if (!(error instanceof ChatModelError)) throw error;
    services.log.warn(`assistant: answer ${answerRowId} failed: ${error.message}`);
    await saveAndPush(services, answerRowId, { message: ASSISTANT_TEXTS.failed, status: 'error', sources: [] });
  }
}

export const answerQuestionJob = defineJob({
  kind: 'assistant.answer',
  payload: z.object({ answerRowId: z.number().int() }),
  async run(services, { answerRowId }) {
    await answerQuestion(services, answerRowId);
  },
});
