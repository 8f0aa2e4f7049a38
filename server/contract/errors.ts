import type { SuccessCode } from '../../src/shared/contract/core';

/**
 * A failure the user should see: the envelope gets `success` (default '0') and this Russian
 * message; `extra` fields ride along (e.g. serverTime). Anything else thrown is an internal error.
 */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly code: SuccessCode = '0',
    readonly extra: Record<string, unknown> = {},
    readonly status = 200,
  ) {
    super(message);
  }
}

/** Throws a '0' failure with a message the UI shows as is. */
export function fail(message: string, extra: Record<string, unknown> = {}): never {
  throw new CallFailure(message, '0', extra);
}

export const MESSAGES = {
  forbidden: 'Недостаточно прав для этого действия.',
  internal: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.',
  refusedData: 'Некорректные данные запроса.',
  badJson: 'Некорректный запрос: тело должно быть JSON-объектом.',
  tooLarge: 'Слишком большой запрос.',
  /** The JSON body did not arrive within BODY_TIMEOUT_MS (HTTP 408, contract/bounded-body.ts). */
  slowBody: 'Запрос пришёл не целиком: соединение слишком медленное. Проверьте интернет и повторите.',
  unknownMethod: 'Неизвестный метод.',
  /** A live socket sent more messages than its per-second budget (server/live/hub.ts). */
  tooFast: 'Слишком много запросов подряд. Подождите секунду и повторите.',
  /** The server's disk (storage, scratch, database) is full (HTTP 507): only the operator can help. */
  diskFull: 'На сервере закончилось место. Сообщите администратору школы.',
  /** PostgreSQL or Redis is unreachable (HTTP 503); the client may retry shortly. */
  unavailable: 'Сервис временно недоступен, попробуйте через минуту',
} as const;
