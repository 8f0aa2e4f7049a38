import { answerReview } from '@shared/contract/reviews';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { OutboxConflict } from '../../../lib/offline-store/outbox';
import { defineOutboxKind } from '../../../lib/offline-store/outbox-kind';
import type { OwnerScope } from '../../../lib/offline-store/owner-scope';
import { type OutboxHandler } from '../../../lib/offline-store/sync-engine';
import { paths } from '../../../lib/route-names';

/**
 * Review-card answers given without a connection. An answer that finds no connection becomes one
 * outbox entry per card with the operation id of its step, so a resend after a lost reply gets the
 * first reply. A refusal (the card answered on another device, no longer due) is kept as a
 * conflict: the card has no screen to compare on, so the list lets the student let it go.
 */

export const REVIEW_ANSWER_KIND = answerReview.path;

const reviewAnswerSchema = z.object({
  owner: z.string(),
  input: z.object({
    cardId: z.number(),
    userAnswer: z.string(),
    ticks: z.array(z.union([z.literal(0), z.literal(1)])),
    opId: z.string(),
  }),
  /** What the card asks, for the list: «Задание 5» or the term. */
  title: z.string(),
});
export type QueuedReviewAnswer = z.infer<typeof reviewAnswerSchema>;

// One waiting answer per card: a newer one replaces it. Nothing of the server's is kept with a refusal.
const reviewAnswers = defineOutboxKind(REVIEW_ANSWER_KIND, reviewAnswerSchema, z.object({}), ({ input }) => String(input.cardId));

/** Keeps an answer that found no connection; a waiting answer of the same card is replaced. */
export async function queueReviewAnswer(scope: OwnerScope, answer: Omit<QueuedReviewAnswer, 'owner'>): Promise<void> {
  await reviewAnswers.replace(scope, { owner: scope.owner, ...answer });
}

/** How queued review answers are sent and shown. */
export function reviewAnswerHandler(afterSync?: () => Promise<void>): OutboxHandler<QueuedReviewAnswer, Record<string, never>> {
  return {
    kind: reviewAnswers,
    send: async (call, _scope, { payload }) => {
      try {
        await call(answerReview, payload.input);
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'failure') throw new OutboxConflict({}, error.message);
        throw error;
      }
    },
    ...(afterSync ? { afterSync } : {}),
    describe: ({ payload: { input, title } }) => ({
      title: `Повторение: ${title}`,
      detail: input.userAnswer !== '' ? `Ответ «${input.userAnswer}»` : `Отмечено признаков: ${input.ticks.filter((tick) => tick === 1).length}`,
      href: paths.trains('reviews'),
      resolve: 'Ответ не засчитан, и это не страшно: карточка вернётся в повторение в свой срок. Нажмите «Понятно, убрать».',
    }),
    dismissible: true,
  };
}
