import { z } from 'zod';
import { parseBoundedJson } from '../contract/bounded-json';
import { MESSAGES } from '../contract/errors';
import { isRecord } from '../../src/shared/guards';

/** The live socket envelope (ARCHITECTURE §6, shell §7.3). */
export const liveEnvelope = z.object({
  messageType: z.enum(['requestWithResponse', 'requestNoResponse', 'response']),
  requestId: z.union([z.string().max(100), z.number()]).optional(),
  method: z.string().max(200).optional(),
  /** A JSON object; a JSON-encoded string of one is accepted too. */
  body: z.unknown().optional(),
});

export type LiveEnvelope = z.infer<typeof liveEnvelope>;

/** Close codes the client understands: 4401 = signed out ('-1'), 4400 = re-sign and reconnect. */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_BAD_REQUEST = 4400;
/**
 * Too many: an 11th socket of one session (the oldest ten stay), or a socket flooding past its
 * frame budget. The client treats it as a dropped connection and reconnects after its pause.
 */
export const CLOSE_TOO_MANY = 4429;

/**
 * The object a live message's body holds, or the Russian reason it is refused (not an object, or
 * beyond the JSON limits). A JSON-encoded string body is parsed behind the same limits as a frame.
 */
export function bodyObject(body: unknown): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  if (body === undefined || body === null || body === '') return { ok: true, body: {} };
  let value: unknown = body;
  if (typeof value === 'string') {
    const parsed = parseBoundedJson(value);
    if (!parsed.ok) return { ok: false, message: parsed.message ?? MESSAGES.badJson };
    value = parsed.value;
  }
  return isRecord(value)
    ? { ok: true, body: value }
    : { ok: false, message: MESSAGES.badJson };
}
