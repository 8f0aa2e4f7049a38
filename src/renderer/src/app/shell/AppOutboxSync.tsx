import { registerOutboxHandler } from '../../lib/offline-store/sync-engine';
import { OutboxSync } from '../../lib/offline-store/OutboxSync';
import { creditOutboxHandler } from '../../features/credits/offline/use-credit-outbox';
import { reviewOutboxHandler } from '../../features/curator-homework/offline/use-offline-checks';
import { p2OutboxHandler } from '../../features/homework-p2/offline/use-p2-outbox';
import { reviewAnswerHandler } from '../../features/reviews/offline/review-outbox';

// Every kind of change the app queues offline; the one sender and the «Не отправлено» list know these.
registerOutboxHandler(p2OutboxHandler);
registerOutboxHandler(creditOutboxHandler);
registerOutboxHandler(reviewOutboxHandler);
// No refresh after sending: a review session in progress keeps its cards; the next one reads afresh.
registerOutboxHandler(reviewAnswerHandler());

/** The app's one sender of queued changes, with every feature's kinds registered. */
export function AppOutboxSync() {
  return <OutboxSync />;
}
