import { z } from 'zod';
import { DESKTOP_CHANNELS as C, type ChannelArgs, type DesktopChannel, type JsonValue } from '../shared/desktop-api';
import { parseJsonValue } from '../shared/json-value';

/** Largest JSON text accepted for one value: a long essay draft is far below this. */
export const MAX_JSON_CHARS = 5_000_000;

/**
 * Any value, stored as JSON.stringify would: undefined fields dropped, dates as strings. The
 * browser store normalises the same way, so both behave alike.
 */
const jsonValue = z.unknown().transform((value, ctx): JsonValue => {
  const text = safeStringify(value);
  if (text === undefined) {
    ctx.addIssue({ code: 'custom', message: 'значение не переводится в JSON' });
    return z.NEVER;
  }
  if (text.length > MAX_JSON_CHARS) {
    ctx.addIssue({ code: 'custom', message: `значение длиннее ${MAX_JSON_CHARS} символов` });
    return z.NEVER;
  }
  return parseJsonValue(text);
});

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined; // Cycles, BigInt.
  }
}

const key = z.string().min(1).max(512);
/** The chat's key: `user/<owner>/<bot>` (src/renderer/src/lib/chat-history.ts). */
const chatKey = z.string().min(1).max(512);
const outboxId = z.number().int().positive();
const openOutcome = z.enum(['opened', 'denied', 'busy', 'missing', 'unsupported']);
const chatMessages = z
  .array(jsonValue.pipe(z.object({ id: z.number() }).catchall(z.json())))
  .max(1000);

/** The arguments of every channel, checked in main before anything reaches the cache. */
export const channelArgSchemas: { [K in DesktopChannel]: z.ZodType<ChannelArgs<K>> } = {
  [C.draftGet]: z.tuple([key]),
  [C.draftPut]: z.tuple([
    z.object({ key, value: jsonValue, serverVersion: z.string().max(200).nullable().optional() }),
  ]),
  [C.draftDelete]: z.tuple([key]),
  [C.draftList]: z.tuple([z.string().max(512).optional()]),
  [C.chatGet]: z.tuple([chatKey]),
  [C.chatAppend]: z.tuple([chatKey, chatMessages]),
  [C.chatReplace]: z.tuple([chatKey, chatMessages]),
  [C.flagsGet]: z.tuple([key]),
  [C.flagsSet]: z.tuple([key, jsonValue]),
  [C.outboxEnqueue]: z.tuple([z.object({ kind: key, payload: jsonValue })]),
  [C.outboxList]: z.tuple([]),
  [C.outboxRemove]: z.tuple([outboxId]),
  [C.outboxUpdate]: z.tuple([
    outboxId,
    z.strictObject({
      attempts: z.number().int().nonnegative().optional(),
      lastError: z.string().max(2000).nullable().optional(),
      status: z.enum(['pending', 'conflict']).optional(),
      serverVersion: jsonValue.optional(),
    }),
  ]),
  [C.outboxReplace]: z.tuple([z.object({ kind: key, key, payload: jsonValue })]),
  [C.serverUrlGet]: z.tuple([]),
  [C.serverUrlSet]: z.tuple([z.string().max(2000)]),
  [C.mediaProbe]: z.tuple([
    z.strictObject({
      camera: openOutcome,
      microphone: openOutcome,
      devices: z
        .array(
          z.object({
            kind: z.enum(['videoinput', 'audioinput', 'audiooutput']),
            deviceId: z.string().max(500),
            label: z.string().max(500),
          }),
        )
        .max(200),
      listsOutputs: z.boolean(),
    }),
  ]),
  [C.streamCookies]: z.tuple([
    z.strictObject({
      device: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/),
      ts: z.string().regex(/^\d{1,16}$/),
      signature: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ]),
  [C.appInfo]: z.tuple([]),
};
