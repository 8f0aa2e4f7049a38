import type { WebSocket } from 'ws';
import type { FrameBudget, NoticeGate, RefusalBurst } from './frame-limits';

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
  /** Messages in `queue` not yet handled (bounded: see the hub's MAX_QUEUED_FRAMES). */
  queued: number;
  /** Frames per second this socket may send; the rest are refused. */
  frames: FrameBudget;
  /** At most one 'too fast' answer a second. */
  notices: NoticeGate;
  /** Refused frames of the current burst: one log line per burst. */
  refused: RefusalBurst;
  pending: Map<string, { timer: NodeJS.Timeout; resolve: (acknowledged: boolean) => void }>;
}
