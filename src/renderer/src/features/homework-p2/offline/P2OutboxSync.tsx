import { useOutboxSync } from '../../../lib/offline-store/use-outbox-sync';
import { pendingP2Count } from './p2-outbox';
import { studentScope, syncStudentSaves } from './use-p2-outbox';

const hasPending = async () => {
  const scope = await studentScope();
  return scope !== null && (await pendingP2Count(scope)) > 0;
};

/**
 * Mounted with the shell (an overlay that draws nothing): part 2 answers saved on the device
 * without a connection are sent when the app starts, when the connection returns and every half
 * minute while any wait, whichever page is open (issue 29 item 2).
 */
export function P2OutboxSync() {
  useOutboxSync(syncStudentSaves, hasPending);
  return null;
}
