import { ApiError } from './api-client';

/**
 * A failure as text: an Error's message (the api and live clients already write theirs for people),
 * anything else as it prints. The one place screens turn a caught value into words.
 */
export function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * What a failed load says: the server's own refusal as it is, else the screen's prefix (the spec's
 * wording for a failed load, e.g. 'Ошибка загрузки: ') and the reason.
 */
export function errorText(error: unknown, prefix = ''): string {
  if (error instanceof ApiError && error.kind === 'failure') return error.message;
  return prefix + messageOf(error);
}
