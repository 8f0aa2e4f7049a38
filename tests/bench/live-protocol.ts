/** Messages between `npm run bench:live` (live.ts) and its client processes (live-clients.ts). */

export type ClientCommand =
  /** Open one signed socket per session, at most `inFlight` handshakes at once. */
  | { kind: 'connect'; url: string; sessions: Array<{ token: string; device: string }>; inFlight: number }
  /** From now on, note when an update_icons push with `icons[icon] === value` arrives. */
  | { kind: 'watch'; icon: string; value: string }
  /** Report the arrivals once every socket has one, or after `timeoutMs`. */
  | { kind: 'collect'; timeoutMs: number }
  | { kind: 'close' };

export type ClientReport =
  | { kind: 'connected'; opened: number; failed: number; firstError?: string; initialPushes: number; connectMs: number; initialPushMs: number }
  | { kind: 'watching' }
  | { kind: 'deliveries'; receivedAt: number[]; expected: number; stillOpen: number };

/** CLOCK_MONOTONIC in milliseconds: the same clock in every process of the machine (Linux). */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
