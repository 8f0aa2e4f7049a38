import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { streamCookieCanonical } from '../../../src/shared/signing';
import { checkSignedAddress } from '../../auth/signed-caller';
import { refuseRequest } from '../../contract/signed-caller';
import { setCaller, type AppEnv } from '../../contract/request-chain';
import type { Services } from '../../services';

export const STREAM_MESSAGES = {
  signedOut: 'Сессия завершена. Войдите снова.',
  stale: 'Ссылка на видео устарела. Обновите страницу.',
  closed: 'Это видео вам пока недоступно.',
  missing: 'Видео не найдено.',
  notReady: 'Видео ещё обрабатывается. Попробуйте позже.',
  badSegment: 'Неверный адрес фрагмента видео.',
} as const;

/**
 * The signed-caller middleware of the video stream: the cookies `device`, `ts`, `signature` =
 * HMAC(session token, stream path + {device, ts}), checked by the one signed-address check
 * (auth/signed-caller.ts; honoured for 10 minutes, no replay cache since every playlist and
 * segment request reuses them). Puts `caller` on the context; a refusal is a 401 JSON answer.
 */
export function streamCaller(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const check = await checkSignedAddress(services, getCookie(c), streamCookieCanonical);
    if (!check.ok) {
      c.header('cache-control', 'no-store');
      return refuseRequest(c, 401, 'unauth', '0', check.reason === 'stale' ? STREAM_MESSAGES.stale : STREAM_MESSAGES.signedOut);
    }
    setCaller(c, check.user.id);
    c.set('caller', { user: check.user, session: check.session });
    return next();
  };
}
