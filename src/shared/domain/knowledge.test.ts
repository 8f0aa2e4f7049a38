import { describe, expect, it } from 'vitest';
import { countWords, knowledgeBand, knowledgeLevel, markdownToClean } from './knowledge';

describe('markdownToClean', () => {
  it('drops markup and keeps the text, one block per line', () => {
    const md = '# Инфляция\n\n**Инфляция** — это _устойчивый_ рост [цен](https://example.ru).\n\n- спрос\n- издержки\n\n<b>тег</b> остаётся текстом: `код`';
    expect(markdownToClean(md)).toBe('Инфляция\nИнфляция — это устойчивый рост цен.\nспрос\nиздержки\nтег остаётся текстом: код');
  });

  it('reads tables and code blocks', () => {
    const md = '| Вид | Пример |\n| --- | --- |\n| прямой | НДФЛ |\n\n```\nстрока кода\n```';
    expect(markdownToClean(md)).toBe('Вид | Пример\nпрямой | НДФЛ\nстрока кода');
  });

  it('does not treat asterisks inside words as emphasis the way a regex would', () => {
    expect(markdownToClean('2 * 3 * 4 = 24')).toBe('2 * 3 * 4 = 24');
    expect(markdownToClean('')).toBe('');
  });
});

describe('word count and bands', () => {
  it('counts words, hyphenated ones once', () => {
    expect(countWords('Социально-экономические отношения, 2024 год.')).toBe(4);
    expect(countWords('  ')).toBe(0);
  });

  it('colours by the §9 bands', () => {
    expect([0, 39, 40, 69, 70, 99, 100].map(knowledgeBand)).toEqual(['red', 'red', 'orange', 'orange', 'lightgreen', 'lightgreen', 'green']);
    expect(knowledgeLevel(2, 3)).toBe(66);
    expect(knowledgeLevel(0, 0)).toBe(0);
  });
});
