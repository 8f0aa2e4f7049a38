import { z } from 'zod';

/**
 * Reusable field schemas that keep the spec's wire conventions: one field type per kind, so
 * every call refuses at the contract what the database cannot store (issue #25 item 3).
 */

/** The spec's '0'/'1' string flags. */
export const flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof flag>;

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const FIELD_MESSAGES = {
  badCharacters: 'недопустимые символы',
  notInteger: 'ожидалось целое число',
  tooBig: 'слишком большое число',
  tooSmall: 'слишком маленькое число',
} as const;

/**
 * NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (half an emoji: not text, and
 * PostgreSQL refuses it as UTF-8). In a `u` regex a proper surrogate pair is one code point, so
 * `\p{Cs}` only matches a lone half.
 */
const BAD_CHARACTER = /[\u0000\p{Cs}]/u;

/** Whether a string holds only characters every store accepts. */
export function hasOnlyStorableCharacters(value: string): boolean {
  return !BAD_CHARACTER.test(value);
}

/**
 * The string field of every input: `z.string()` that refuses NUL and lone surrogates with
 * «недопустимые символы». Chain `.trim()`, `.min()`, `.max()`, `.regex()` as on `z.string()`.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(hasOnlyStorableCharacters, FIELD_MESSAGES.badCharacters);
}

/**
 * Our extension for changes a client queues offline: the client's id of one
 * change, the same on every resend. The server remembers the ids it applied and answers a resend
 * with its first answer plus `alreadyApplied: '1'` («уже применено»), instead of applying it twice
 * or refusing it as a conflict with itself. Optional: clients that send none work as before.
 */
export const opId = safeString().regex(/^[A-Za-z0-9_-]{16,64}$/, 'неверный идентификатор операции');

/** Output flag of a call that takes `opId`: '1' when this answer repeats an already applied change. */
export const alreadyApplied = z.literal('1').optional();

export const OP_TEXTS = {
  alreadyApplied: 'уже применено',
  /** The same id came with a different change: a client bug, never applied. */
  reused: 'Эта операция уже применена с другими данными. Обновите страницу и повторите.',
} as const;

/**
 * An integer that fits PostgreSQL `integer` (int32): ids, counts, orders, numbers of lessons,
 * seconds. Chain `.min()` / `.max()` / `.positive()` for the field's own limits.
 */
export function int32(message: string = FIELD_MESSAGES.notInteger) {
  return z.number().int(message).min(INT32_MIN, FIELD_MESSAGES.tooSmall).max(INT32_MAX, FIELD_MESSAGES.tooBig);
}

/**
 * A wide integer within ±2^53 (safe for JSON numbers and PostgreSQL `bigint`): ms timestamps and
 * money only. The explicit `max(Number.MAX_SAFE_INTEGER)` is how the contract tests tell a
 * deliberately wide field from an id.
 */
export function safeInteger(message: string = FIELD_MESSAGES.notInteger) {
  return z.number().int(message).min(Number.MIN_SAFE_INTEGER, FIELD_MESSAGES.tooSmall).max(Number.MAX_SAFE_INTEGER, FIELD_MESSAGES.tooBig);
}

/**
 * The id field type (and any wire integer that old clients may send as digits): an int32 sent
 * either as a JSON number or as a string of digits (the old clients send both).
 */
export const intLike = z.union([
  int32(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/, FIELD_MESSAGES.notInteger)
    .transform(Number)
    .pipe(int32()),
]);

/** A non-empty trimmed string of bounded length. */
export const text = (max: number) => safeString().trim().min(1, 'не заполнено').max(max, `не длиннее ${max} символов`);

/** Calls without input accept `{}` (and ignore the signing fields). */
export const noInput = z.object({});

/** Wire flag from a boolean. */
export const toFlag = (value: boolean): Flag => (value ? '1' : '0');
