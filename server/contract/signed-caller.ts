import type { Context, MiddlewareHandler } from 'hono';
import { checkSignedCaller } from '../auth/signed-caller';
import type { Services } from '../services';
import { isRecord } from '../../src/shared/guards';
import { readBodyText, SlowBody } from './bounded-body';
import { parseBoundedJson } from './bounded-json';
import { MESSAGES } from './errors';
import { withoutSigningFields } from './pipeline';
import { setCaller, type AppEnv } from './request-chain';

export interface SignedJsonOptions {
  /** The body's size limit (1 MB for calls, 64 KB for downloads). */
  maxBytes: number;
  /** False for public calls: the body is read and bounded, nobody is asked to sign. */
  signed?: boolean;
  /** False for read-only calls (the contract's `readOnly`): the signature is not recorded for replay. */
  recordReplay?: boolean;
  /** `anonymousLog` calls: the access line leaves the caller out. */
  anonymousLog?: boolean;
}

/** Answers a refusal envelope and notes its outcome for the access line. */
export function refuseRequest(c: Context<AppEnv>, status: number, outcome: string, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  c.set('outcome', { outcome, code });
  // A client too slow to send its request gets its connection closed too, not kept alive for more.
  if (status === 408) c.header('Connection', 'close');
  return c.json({ ...extra, success: code, message }, status as 400);
}

/**
 * The signed-caller middleware for every route whose request is a JSON body signed for `path`:
 * every call (contract/http-router.ts) and every download (files, knowledge export, course
 * package). It reads the body within its size limit and BODY_TIMEOUT_MS, bounds its depth before
 * anything walks it, checks the signature, window, replay cache and session
 * (auth/signed-caller.ts, the same check uploads run on their `data` part and sockets on their
 * query), and puts `caller` and `input` (the body without signing fields) on the context; a
 * refusal is answered here with the same statuses and messages on every route.
 */
export function signedJson(services: Services, path: string, options: SignedJsonOptions): MiddlewareHandler<AppEnv> {
  const signed = options.signed ?? true;
  return async (c, next) => {
    let text: string | null;
    try {
      text = await readBodyText(c.req.raw, options.maxBytes, services.config.BODY_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof SlowBody) return refuseRequest(c, 408, 'invalid', '0', MESSAGES.slowBody);
      throw error;
    }
    if (text === null) return refuseRequest(c, 413, 'invalid', '0', MESSAGES.tooLarge);
    // Limits first: nothing below (signature, zod, logs) may meet a body nested 100,000 levels.
    const parsed = text.trim() === '' ? { ok: true as const, value: {} } : parseBoundedJson(text);
    if (!parsed.ok) return refuseRequest(c, 400, 'invalid', '0', parsed.message ?? MESSAGES.badJson);
    const body = parsed.value;
    if (!isRecord(body)) return refuseRequest(c, 400, 'invalid', '0', MESSAGES.badJson);
    if (!signed) {
      c.set('caller', null);
      c.set('input', withoutSigningFields(body));
      return next();
    }
    const check = await checkSignedCaller(services, path, body, { recordReplay: options.recordReplay ?? true });
    if (!check.ok) {
      return refuseRequest(c, check.status, check.code === '-1' ? 'unauth' : 'invalid', check.code, check.message, check.serverTime ? { serverTime: check.serverTime } : {});
    }
    if (!options.anonymousLog) setCaller(c, check.user.id);
    c.set('caller', { user: check.user, session: check.session });
    c.set('input', withoutSigningFields(body));
    return next();
  };
}
