import { STORAGE_KEYS, readJson, writeStorage } from '../../lib/storage-keys';

/** A VK ID sign-in under way: kept in sessionStorage between the redirect and the return. */
interface PendingVkAuth {
  verifier: string;
  state: string;
  mode: 'login' | 'signup';
}

function randomString(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(values);
}

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The PKCE S256 challenge of a verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** Builds the VK ID authorize address (OAuth 2.1 + PKCE) and remembers what the return needs. */
export async function startVkAuth(config: { authorizeUrl: string; clientId: string; redirectUri: string; scope: string }, mode: 'login' | 'signup'): Promise<string> {
  const pending: PendingVkAuth = { verifier: randomString(48), state: randomString(24), mode };
  writeStorage(STORAGE_KEYS.vkAuth, JSON.stringify(pending), sessionStorage);
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await pkceChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** The pending sign-in matching the returned state (and forgets it), or null. */
export function takePendingVkAuth(state: string | null): PendingVkAuth | null {
  const pending = readJson<PendingVkAuth | null>(STORAGE_KEYS.vkAuth, null, sessionStorage);
  writeStorage(STORAGE_KEYS.vkAuth, null, sessionStorage);
  return pending && state && pending.state === state ? pending : null;
}
