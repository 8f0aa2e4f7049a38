import type { WebSocket } from 'ws';

/** One live socket of a signed-in user on this instance (kept apart from the hub so call contexts can name it). */
export interface Connection {
  id: string;
  ws: WebSocket;
  userId: number;
  device: string;
  ip: string;
  userAgent: string;
  page: string | null;
  alive: boolean;
  /** Which of the hub's PING_SLICES this socket is pinged in. */
  pingSlice: number;
  /** Messages of one socket run in order, so a write is visible to the request after it. */
  queue: Promise<void>;
  pending: Map<string, { timer: NodeJS.Timeout; resolve: (acknowledged: boolean) => void }>;
}
