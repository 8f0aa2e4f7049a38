import { useEffect } from 'react';
import { getUserInfo } from '@shared/contract/account';
import { api } from '../api';
import { readSession } from '../session';
import { readJson, STORAGE_KEYS, writeStorage } from '../storage-keys';

/**
 * Whose drafts this session reads and writes: the account's key from get_user_info. It is
 * remembered with the session token, so after a restart without a connection the same session
 * still finds its drafts, while anyone who signs in afterwards is looked up afresh.
 */
export function rememberOwner(token: string, owner: string): void {
  writeStorage(STORAGE_KEYS.offlineOwner, JSON.stringify({ token, owner }));
}

export function rememberedOwner(token: string): string | null {
  const remembered = readJson<{ token?: string; owner?: string }>(STORAGE_KEYS.offlineOwner, {});
  return token && remembered.token === token && typeof remembered.owner === 'string' ? remembered.owner : null;
}

/** The signed-in user's owner key if already known on this device, without asking anyone (synchronous). */
export function knownOwner(): string | null {
  const token = readSession()?.token;
  return token ? rememberedOwner(token) : null;
}

let asking: { token: string; answer: Promise<string | null> } | null = null;

/** The signed-in user's owner key, or null when signed out or unknown (never looked up online). */
export function resolveOwner(): Promise<string | null> {
  const token = readSession()?.token;
  if (!token) return Promise.resolve(null);
  const known = rememberedOwner(token);
  if (known) return Promise.resolve(known);
  // One question per session at a time (the shell and the first draft read ask together).
  if (asking?.token !== token) {
    const answer = lookUp(token).finally(() => {
      if (asking?.answer === answer) asking = null;
    });
    asking = { token, answer };
  }
  return asking.answer;
}

async function lookUp(token: string): Promise<string | null> {
  try {
    // Asked afresh for this session (never the shared cache, which may still hold the previous user).
    const info = await api.call(getUserInfo, {}, { handleErrors: true }).then((result) => result.userInfo);
    // Signed out (or someone else signed in) while asking: this answer is not this session's.
    if (readSession()?.token !== token) return null;
    rememberOwner(token, info.userKey);
    return info.userKey;
  } catch {
    return null;
  }
}

/**
 * Looks the owner up as soon as a session starts (the shell calls this), so drafts typed after a
 * restart without a connection still know whose they are.
 */
export function useRememberOwner(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) void resolveOwner();
  }, [signedIn]);
}
