import { FEEDBACK_EMPTY_MESSAGE } from '../../../src/shared/contract/preferences';
import { fail } from '../../contract/errors';
import type { Services } from '../../services';

/** Messages one user may send per window: plenty for real feedback, too few to flood the back office. */
export const FEEDBACK_PER_WINDOW = 10;
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_FEEDBACK = `Слишком много сообщений: можно отправить не больше ${FEEDBACK_PER_WINDOW} в час. Попробуйте позже.`;

// The counter is keyed by user even for anonymous messages: it lives in the short-lived key store
// (memory or Redis) for an hour and is never linked to a stored message.
const limitKey = (userId: number) => `feedback:${userId}`;

/**
 * Stores a feedback message for the back office. Anonymous ones are stored without the author.
 * A send is counted before it is stored (atomic in memory and in Redis), so parallel sends never
 * exceed the limit; a refused or failed send gives its place back.
 */
export async function saveFeedback(services: Services, userId: number, message: string, anonymous: boolean): Promise<void> {
  const text = message.trim();
  if (text === '') fail(FEEDBACK_EMPTY_MESSAGE);
  const key = limitKey(userId);
  const count = await services.kv.increment(key, FEEDBACK_WINDOW_MS);
  const refund = () => services.kv.increment(key, FEEDBACK_WINDOW_MS, -1);
  if (count > FEEDBACK_PER_WINDOW) {
    await refund();
    fail(TOO_MANY_FEEDBACK);
  }
  try {
    await services.db
      .insertInto('feedback_messages')
      .values({
        user_id: anonymous ? null : userId,
        is_anonymous: anonymous ? 1 : 0,
        message: text,
        created_at: services.clock.now(),
      })
      .execute();
  } catch (error) {
    await refund();
    throw error;
  }
}
