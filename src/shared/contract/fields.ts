import { z } from 'zod';

/** Reusable field schemas that keep the spec's wire conventions. */

/** The spec's '0'/'1' string flags. */
export const flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof flag>;

/** An integer sent either as a JSON number or as a string of digits (the old clients send both). */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,15}$/, 'ожидалось целое число')
    .transform(Number),
]);

/** A non-empty trimmed string of bounded length. */
export const text = (max: number) => z.string().trim().min(1, 'не заполнено').max(max, `не длиннее ${max} символов`);

/** Calls without input accept `{}` (and ignore the signing fields). */
export const noInput = z.object({});

/** Wire flag from a boolean. */
export const toFlag = (value: boolean): Flag => (value ? '1' : '0');
