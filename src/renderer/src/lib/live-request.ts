import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { liveClient } from './live';
import { type LiveClient, LiveError } from './live-client';

/** Shown when a live call is made with no socket at all (signed out, or the shell not up yet). */
export const NO_LIVE_CONNECTION = 'нет соединения с сервером';

/**
 * The shell's live socket. On a page load straight into a screen, the screen's effects run before
 * the shell's (children first), so the socket may appear a moment later: look once more after a tick.
 */
export async function shellLiveClient(): Promise<LiveClient | null> {
  const client = liveClient();
  if (client) return client;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return liveClient();
}

/**
 * Calls `listener` each time the shell's live socket reconnects (the connection is back); returns
 * the unsubscribe, which also holds when it runs before the socket was found.
 */
export function whenLiveReconnects(listener: () => void): () => void {
  let active = true;
  let off: (() => void) | undefined;
  void shellLiveClient().then((client) => {
    if (active && client) off = client.onReconnect(listener);
  });
  return () => {
    active = false;
    off?.();
  };
}

/** A request over the shell's live socket; rejects when there is none. */
export async function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>, noConnection = NO_LIVE_CONNECTION): Promise<OutputOf<C>> {
  const client = await shellLiveClient();
  if (!client) throw new LiveError('transport', noConnection);
  return client.request(contract, input);
}

/** TanStack retry rule for live queries: a server refusal will not change on retry, a dropped socket might. */
export function retryLive(failureCount: number, error: unknown): boolean {
  return error instanceof LiveError && error.kind === 'transport' && failureCount < 1;
}

/** The text to show for a failed live call. */
export { messageOf as liveErrorText } from './error-text';
