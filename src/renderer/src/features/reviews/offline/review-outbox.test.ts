import 'fake-indexeddb/auto';
import { answerReview } from '@shared/contract/reviews';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createIndexedDbStore } from '../../../lib/offline-store/indexeddb-store';
import type { CallFn, OwnerScope } from '../../../lib/offline-store/owner-scope';
import { dismissConflict, registerOutboxHandler, syncOutbox } from '../../../lib/offline-store/sync-engine';
import { readOutboxStatus } from '../../../lib/offline-store/outbox-status';
import { queueReviewAnswer, reviewAnswerHandler } from './review-outbox';

const signedIn = vi.hoisted(() => ({ scope: null as OwnerScope | null }));
vi.mock('../../../lib/offline-store/owner-scope', () => ({ ownerScope: async () => signedIn.scope, callApi: () => Promise.reject(new Error('не в тесте')) }));

registerOutboxHandler(reviewAnswerHandler());

let counter = 0;
let anna: OwnerScope;
beforeEach(() => {
  anna = { store: createIndexedDbStore({ name: `enot-review-outbox-${++counter}` }), owner: 'anna' };
  signedIn.scope = anna;
});

const answer = (cardId: number, userAnswer: string, opId = `op-${cardId}-${userAnswer}`) => ({ input: { cardId, userAnswer, ticks: [] as Array<0 | 1>, opId }, title: `Задание ${cardId}` });

describe('review answers given without a connection', () => {
  it('go with their operation id in queue order, a newer answer to a card replacing the waiting one', async () => {
    await queueReviewAnswer(anna, answer(5, '12'));
    await queueReviewAnswer(anna, answer(6, 'термин'));
    await queueReviewAnswer(anna, answer(5, '123', 'op-step-5'));
    const sent: unknown[] = [];
    const call = vi.fn(async (contract, input) => {
      expect(contract).toBe(answerReview);
      sent.push(input);
      return {};
    }) as unknown as CallFn;
    expect((await syncOutbox(call)).get(answerReview.path)).toEqual({ sent: 2, conflicts: 0, stopped: false });
    expect(sent).toEqual([
      { cardId: 6, userAnswer: 'термин', ticks: [], opId: 'op-6-термин' },
      { cardId: 5, userAnswer: '123', ticks: [], opId: 'op-step-5' },
    ]);
    expect(await anna.store.outbox.list()).toEqual([]);
  });

  it('a lost connection keeps them; a refusal becomes a conflict the list may let go', async () => {
    await queueReviewAnswer(anna, answer(5, '12'));
    const offline = (() => Promise.reject(new ApiError('transport', 'Failed to fetch'))) as CallFn;
    expect((await syncOutbox(offline)).get(answerReview.path)).toMatchObject({ sent: 0, stopped: true });
    const refused = (() => Promise.reject(new ApiError('failure', 'Рано повторять эту карточку', '0'))) as CallFn;
    expect((await syncOutbox(refused)).get(answerReview.path)).toMatchObject({ conflicts: 1 });

    const status = await readOutboxStatus(anna);
    expect(status).toMatchObject({ pending: 0, conflicts: 1 });
    expect(status.items[0]).toMatchObject({ dismissible: true, reason: 'Рано повторять эту карточку', text: { title: 'Повторение: Задание 5', detail: 'Ответ «12»' } });
    await dismissConflict(status.items[0]!.id);
    expect(await anna.store.outbox.list()).toEqual([]);
  });
});
