import { describe, expect, it } from 'vitest';
import { DEMO_COURSE, demoChapterOf } from './demo-course-content';

/** The signs trainer terms of the demo course package (resources/course/demo/manifest.json). */
const SIGN_TERMS = DEMO_COURSE.signTerms;

describe('signs trainer terms of the demo course', () => {
  it('has at least 40 terms with distinct names, spread over every subject chapter', () => {
    expect(SIGN_TERMS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SIGN_TERMS.map((term) => term.name)).size).toBe(SIGN_TERMS.length);
    const chapters = new Set(SIGN_TERMS.map((term) => demoChapterOf(term.lesson)));
    expect(chapters.has(undefined)).toBe(false);
    // Every chapter but the final exam practice has terms.
    expect([...chapters].sort()).toEqual(DEMO_COURSE.chapters.map((chapter) => chapter.name).filter((name) => name !== 'Итоговая подготовка').sort());
  });

  it('gives every term 5–7 explained signs, true and false ones, none repeated', () => {
    for (const term of SIGN_TERMS) {
      const signs = term.signs;
      expect(signs.length, term.name).toBeGreaterThanOrEqual(5);
      expect(signs.length, term.name).toBeLessThanOrEqual(7);
      expect(signs.some((sign) => sign.right), term.name).toBe(true);
      expect(signs.some((sign) => !sign.right), term.name).toBe(true);
      const texts = signs.map((sign) => sign.text.toLowerCase());
      expect(new Set(texts).size, term.name).toBe(texts.length);
      for (const sign of signs) expect(sign.description.length, `${term.name}: ${sign.text}`).toBeGreaterThan(5);
    }
  });

  it('links every term the term search also explains to that term', () => {
    const terms = new Map(DEMO_COURSE.terms.map((term) => [term.key, term.name.toLowerCase()]));
    const linked = SIGN_TERMS.filter((term) => term.term !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const term of linked) expect(terms.get(term.term!), term.name).toBe(term.name.toLowerCase());
  });
});
