import { describe, expect, it } from 'vitest';
import { CODIFIER_TOPICS, namedStems } from './codifier-topics';
import { correctedStem, editDistance, type Vocabulary } from './vocabulary';

const vocabulary: Vocabulary = {
  stems: new Map([
    ['инфляц', 4],
    ['безработиц', 2],
    ['легитимн', 1],
    ['налог', 5],
  ]),
  titles: [],
};

describe('base vocabulary', () => {
  it('counts an adjacent swap as one edit and stops past the limit', () => {
    expect(editDistance('инфлец', 'инфляц', 2)).toBe(1);
    expect(editDistance('нифляц', 'инфляц', 2)).toBe(1);
    expect(editDistance('единорог', 'налог', 2)).toBe(3);
  });

  it('takes a typo of a base word for that word, and a made-up word for nothing', () => {
    expect(correctedStem('инфлец', vocabulary)).toBe('инфляц');
    expect(correctedStem('безроботиц', vocabulary)).toBe('безработиц');
    expect(correctedStem('легитимнаст', vocabulary)).toBe('легитимн');
    expect(correctedStem('единорог', vocabulary)).toBeUndefined();
    // Short words are too close to each other to guess.
    expect(correctedStem('нлог', vocabulary)).toBeUndefined();
  });

  it('names a codifier topic by a whole phrase, by exact stems', () => {
    const money = CODIFIER_TOPICS.find((topic) => topic.name === 'Деньги и их функции')!;
    expect(namedStems(money, new Set(['функц', 'денег']))).toEqual(['денег']);
    const elite = CODIFIER_TOPICS.find((topic) => topic.name.startsWith('Политическая элита'))!;
    expect(namedStems(elite, new Set(['элитарн', 'культур']))).toEqual([]);
  });
});
