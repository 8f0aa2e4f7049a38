import { ruAccount as t } from '../../i18n/account';
import { ApiError } from '../../lib/api-client';
import { LiveError } from '../../lib/live-client';

/**
 * What to show for a failed call (spec §8.6): a '0' answer shows the server's own words; a
 * transport failure gets the call's prefix. Null when the session ended (the shell navigates away).
 */
export function failureText(error: unknown, prefix: string): string | null {
  if ((error instanceof ApiError || error instanceof LiveError) && error.kind === 'signedOut') return null;
  if ((error instanceof ApiError || error instanceof LiveError) && error.kind === 'failure') return error.message;
  const reason = error instanceof Error ? error.message : String(error);
  // The unlink prefix has no colon in the spec; the reason follows after one.
  return prefix.endsWith(' ') ? prefix + reason : `${prefix}: ${reason}`;
}

/** True for a server refusal ('0'): retrying the same request will not help. */
export function isRefusal(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof LiveError) && error.kind === 'failure';
}

export const NO_CONNECTION = t.noConnection;
