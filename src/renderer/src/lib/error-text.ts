import { ru } from '../i18n/ru';
import { ApiError } from './api-client';
import { LiveError } from './live-client';

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

/**
 * True when a call found no usable connection to the server (network down, timeout, no answer or
 * not the server's answer): worth sending again later, unlike a refusal, which would only repeat.
 * A bare TypeError is what fetch throws when the network is gone.
 */
export function isConnectionFailure(error: unknown): boolean {
  return ((error instanceof ApiError || error instanceof LiveError) && error.kind === 'transport') || error instanceof TypeError;
}

/** A failure's reason in people's words: a lost connection says so in Russian, never as the browser's 'Failed to fetch'. */
export function failureReason(failure: unknown): string {
  return isConnectionFailure(failure) ? ru.common.noConnection : messageOf(failure);
}
