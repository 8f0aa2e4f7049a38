import { describe, expect, it } from 'vitest';
import { questionStems, questionTerms } from './question-terms';
import { stemMatches, termMatches } from './ranking';

describe('question terms', () => {
  it('leaves out the phrasing of a question, keeps its topic', () => {
    expect(questionStems('Какие функции выполняет государство?')).toEqual(['функц', 'государств']);
    expect(questionStems('Зачем нужны налоги?')).toEqual(['налог']);
    expect(questionStems('Чем монополия отличается от олигополии?')).toEqual(['монопол', 'олигопол']);
    expect(questionStems('какие они бывают')).toEqual([]);
  });

  it('spells out abbreviations and adds the course word for an everyday one', () => {
    expect(questionStems('ставка ЦБ')).toEqual(['ставк', 'центральн', 'банк']);
    const [marry] = questionTerms('жениться');
    expect(marry?.forms).toContain('брак');
    expect(termMatches('брак', marry!)).toBe(true);
    expect(termMatches('налог', marry!)).toBe(false);
  });

  it('lets a stem cut deeper by Snowball match, but not a function word or a cut root', () => {
    expect(stemMatches('реж', 'режим')).toBe(true);
    expect(stemMatches('чем', 'чемпи')).toBe(false);
    expect(stemMatches('экономическ', 'экономи', true)).toBe(true);
    expect(stemMatches('эконом', 'экономи', true)).toBe(false);
  });
});
