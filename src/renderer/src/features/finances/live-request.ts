import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { liveClient } from '../../app/live';
import { ruFinances as t } from '../../i18n/finances';
import { type LiveClient, LiveError } from '../../lib/live-client';

/**
 * The shell's live socket. On a page load straight into this screen our effects run before the
 * shell's (children first), so the socket may appear a moment later: look once more after a tick.
 */
export async function shellLiveClient(): Promise<LiveClient | null> {
  const client = liveClient();
  if (client) return client;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return liveClient();
}

/** A request over the shell's live socket; rejects when there is none (signed out). */
export async function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const client = await shellLiveClient();
  if (!client) throw new LiveError('transport', t.noConnection);
  return client.request(contract, input);
}
