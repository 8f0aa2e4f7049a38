import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, INT32_MAX, INT32_MIN, int32, intLike, safeInteger, safeString, text } from './fields';

const BAD_TEXT = ['a\u0000b', '\u0000', '\uD800', 'x\uDC00y', 'emoji cut \uD83D'];

describe('field types', () => {
  it('safeString refuses NUL and lone surrogates with a Russian message, keeps real text and emoji', () => {
    for (const value of BAD_TEXT) {
      const parsed = safeString().safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(FIELD_MESSAGES.badCharacters);
    }
    for (const value of ['', 'Права человека', 'ёЁ «кавычки» — тире', '😀 emoji', 'tab\tnew\nline']) expect(safeString().parse(value)).toBe(value);
    expect(text(5).safeParse('a\u0000').success).toBe(false);
    expect(text(5).safeParse('  ').error?.issues[0]?.message).toBe('не заполнено');
    expect(text(5).safeParse('длинный').error?.issues[0]?.message).toBe('не длиннее 5 символов');
  });

  it('int32 and intLike stay within PostgreSQL integer, as numbers and as digit strings', () => {
    expect(int32().parse(INT32_MAX)).toBe(INT32_MAX);
    expect(int32().parse(INT32_MIN)).toBe(INT32_MIN);
    for (const value of [INT32_MAX + 1, INT32_MIN - 1, 2 ** 53, 1e308, 1.5]) expect(int32().safeParse(value).success, String(value)).toBe(false);
    expect(int32().safeParse(2 ** 31).error?.issues[0]?.message).toBe(FIELD_MESSAGES.tooBig);
    expect(intLike.parse('2147483647')).toBe(INT32_MAX);
    expect(intLike.parse(' 42 ')).toBe(42);
    for (const value of ['2147483648', '-2147483649', '99999999999', '1e3', 'a\u0000', 2 ** 31]) expect(intLike.safeParse(value).success, String(value)).toBe(false);
  });

  it('safeInteger (timestamps, money) goes to ±2^53 and no further', () => {
    expect(safeInteger().parse(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 1));
    expect(safeInteger().parse(2 ** 31)).toBe(2 ** 31);
    for (const value of [2 ** 53, -(2 ** 53), 1e308, 0.5]) expect(safeInteger().safeParse(value).success, String(value)).toBe(false);
  });
});
