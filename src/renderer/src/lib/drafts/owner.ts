import { useEffect } from 'react';
import type { UserInfo } from '@shared/contract/account';
import { queryClient } from '../query-client';
import { readSession } from '../session';
import { readJson, STORAGE_KEYS, writeStorage } from '../storage-keys';
import { userInfoQuery, useUserInfo } from '../use-user-info';

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

/** The signed-in user's owner key, or null when signed out or unknown (never looked up online). */
export async function resolveOwner(): Promise<string | null> {
  const token = readSession()?.token;
  if (!token) return null;
  const known = rememberedOwner(token);
  if (known) return known;
  // Loaded by the shell already: no second call (and none needed offline).
  const loaded = queryClient.getQueryData<UserInfo>(userInfoQuery().queryKey);
  if (loaded) {
    rememberOwner(token, loaded.userKey);
    return loaded.userKey;
  }
  try {
    const info = await queryClient.fetchQuery(userInfoQuery());
    // Signed out (or someone else signed in) while asking: this answer is not this session's.
    if (readSession()?.token !== token) return null;
    rememberOwner(token, info.userKey);
    return info.userKey;
  } catch {
    return null;
  }
}

/**
 * Remembers the signed-in user's owner key as soon as their profile loads (the shell calls this),
 * so drafts typed after a restart without a connection still know whose they are.
 */
export function useRememberOwner(): void {
  const userKey = useUserInfo().data?.userKey;
  useEffect(() => {
    const token = readSession()?.token;
    if (userKey && token) rememberOwner(token, userKey);
  }, [userKey]);
}
