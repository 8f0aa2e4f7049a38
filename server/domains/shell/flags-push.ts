import { updateIcons } from '../../../src/shared/contract/shell';
import { coalesce } from '../../live/coalesce';
import { pushFrame, type Connection, type Hub } from '../../live/hub';
import type { Services } from '../../services';
import { flagsForUsers } from './display-flags';

/** How long a new socket's flags wait for other sockets connecting at the same time (one batch for all). */
const CONNECT_BATCH_MS = 5;

/**
 * `/app_general/update_icons` pushes of this instance: to its sockets of some users (their flags
 * or the icons configuration changed) and to each new socket. Flags are computed in batches and
 * each distinct set is encoded once (see flagsForUsers).
 */
export function createFlagsPusher(services: Services, hub: Hub) {
  const onConnect = coalesce<Connection>(
    async (connections) => {
      const audiences = await flagsForUsers(services, connections.map((connection) => connection.userId));
      for (const { icons, userIds } of audiences) {
        const frame = pushFrame(updateIcons.path, { icons });
        const audience = new Set(userIds);
        for (const connection of connections) if (audience.has(connection.userId)) hub.sendFrame(connection, frame);
      }
    },
    (error) => services.log.error('initial icons push failed', error),
    CONNECT_BATCH_MS,
  );
  return {
    /** Pushes current flags to every socket of these users on this instance. */
    async toUsers(userIds: readonly number[]): Promise<void> {
      for (const { icons, userIds: audience } of await flagsForUsers(services, userIds)) hub.broadcastLocal(audience, updateIcons.path, { icons });
    },
    /** Queues the flags push for a new socket; sockets connecting together share one batch. */
    onConnect,
  };
}
