import { hasPendingOutbox, syncOutbox } from './sync-engine';
import { useOutboxSync } from './use-outbox-sync';

const sync = () => syncOutbox();

/**
 * Mounted once with the shell (draws nothing): every change queued on the device without a
 * connection is sent when the app starts, when the connection returns and every half minute while
 * any wait, whichever page is open.
 */
export function OutboxSync() {
  useOutboxSync(sync, hasPendingOutbox);
  return null;
}
