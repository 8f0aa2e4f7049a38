import { STORAGE_KEYS, readStorage, writeStorage } from './storage-keys';

/** The signed-in session as stored by the client. */
export interface StoredSession {
  token: string;
  device: string;
}

/** Logged in = both stored auth values exist (back-office §2.2). */
export function readSession(): StoredSession | null {
  const token = readStorage(STORAGE_KEYS.token);
  const device = readStorage(STORAGE_KEYS.device);
  return token && device ? { token, device } : null;
}

export function saveSession(session: StoredSession & { userType: string; landing?: string }): void {
  writeStorage(STORAGE_KEYS.token, session.token);
  writeStorage(STORAGE_KEYS.device, session.device);
  writeStorage(STORAGE_KEYS.userType, session.userType);
  writeStorage(STORAGE_KEYS.landing, session.landing ?? null);
}

/** What a '-1' answer or a logout removes (shell §7.1). */
export function clearSession(): void {
  // The display flags live in the offline store: lib/sign-out forgets them.
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.device, STORAGE_KEYS.userType, STORAGE_KEYS.landing]) {
    writeStorage(key, null);
  }
}

export function storedUserType(): string | null {
  return readStorage(STORAGE_KEYS.userType);
}

/** The landing path the server gave at sign-in (under /study), or null (older sessions). */
export function storedLanding(): string | null {
  const value = readStorage(STORAGE_KEYS.landing);
  return value && /^\/study(\/[\w/-]*)?$/.test(value) ? value : null;
}
