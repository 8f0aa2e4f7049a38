import { z } from 'zod';

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

export function bodyObject(body: unknown): Record<string, unknown> | null {
  if (body === undefined || body === null || body === '') return {};
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
