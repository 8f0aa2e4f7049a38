import { ApiError } from '../../lib/api-client';
import { LiveError } from '../../lib/live-client';
import { errorMessage } from '@shared/guards';

/** True for a server refusal ('0' with its own Russian message): shown as is, no prefix. */
export function isRefusal(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof LiveError) && error.kind === 'failure';
}

/** True when the session ended: the shell is already on its way to /study/login. */
export function isSignedOut(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof LiveError) && error.kind === 'signedOut';
}

/**
 * What to show for a failed call (shell §8.6): a refusal shows the server's words; a transport
 * failure gets the call's prefix ('Ошибка получения баланса: превышено время ожидания').
 */
export function failureText(error: unknown, prefix = ''): string {
  const reason = errorMessage(error);
  if (isRefusal(error)) return reason;
  return prefix + reason;
}
