import { registerOutboxHandler } from '../../lib/offline-store/sync-engine';
import { OutboxSync } from '../../lib/offline-store/OutboxSync';
import { creditOutboxHandler } from '../../features/credits/offline/use-credit-outbox';
import { reviewOutboxHandler } from '../../features/curator-homework/offline/use-offline-checks';
import { p2OutboxHandler } from '../../features/homework-p2/offline/use-p2-outbox';

// Every kind of change the app queues offline; the one sender and the «Не отправлено» list know these.
registerOutboxHandler(p2OutboxHandler);
registerOutboxHandler(creditOutboxHandler);
registerOutboxHandler(reviewOutboxHandler);

/** The app's one sender of queued changes, with every feature's kinds registered. */
export function AppOutboxSync() {
  return <OutboxSync />;
}
