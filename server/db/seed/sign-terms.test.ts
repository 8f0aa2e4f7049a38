import { describe, expect, it } from 'vitest';
import { DEMO_CHAPTERS, DEMO_LESSONS } from './course';
import { parseSign, SIGN_TERMS } from './sign-terms';

describe('signs trainer terms of the demo course', () => {
  it('has at least 40 terms with distinct names, spread over every subject chapter', () => {
    expect(SIGN_TERMS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SIGN_TERMS.map((term) => term.name)).size).toBe(SIGN_TERMS.length);
    const chapters = new Set(SIGN_TERMS.map((term) => DEMO_LESSONS.find((lesson) => lesson.number === term.lesson)?.chapter));
    expect(chapters.has(undefined)).toBe(false);
    // Every chapter but the final exam practice has terms.
    expect([...chapters].sort()).toEqual(DEMO_CHAPTERS.filter((name) => name !== 'Итоговая подготовка').sort());
  });

  it('gives every term 5–7 explained signs, true and false ones, none repeated', () => {
    for (const term of SIGN_TERMS) {
      const signs = term.signs.map(parseSign);
      expect(signs.length, term.name).toBeGreaterThanOrEqual(5);
      expect(signs.length, term.name).toBeLessThanOrEqual(7);
      expect(signs.some((sign) => sign.isRight), term.name).toBe(true);
      expect(signs.some((sign) => !sign.isRight), term.name).toBe(true);
      const texts = signs.map((sign) => sign.text.toLowerCase());
      expect(new Set(texts).size, term.name).toBe(texts.length);
      for (const sign of signs) expect(sign.description.length, `${term.name}: ${sign.text}`).toBeGreaterThan(5);
    }
  });

  it('refuses a sign written without its mark or explanation', () => {
    expect(() => parseSign('Суверенитет')).toThrow();
    expect(() => parseSign('+ Суверенитет')).toThrow();
  });
});
