import { describe, expect, it } from 'vitest';
import { normalizeSearchText, queryStems, stemRussianWord, stemText } from './russian-stemmer';

describe('Snowball Russian stemmer', () => {
  // Expected stems are PostgreSQL's ts_lexize('russian_stem', word) for the same words.
  const cases: [string, string][] = [
    ['обществе', 'обществ'], ['общество', 'обществ'], ['сферы', 'сфер'], ['социальная', 'социальн'], ['познание', 'познан'],
    ['истину', 'истин'], ['истиной', 'истин'], ['важнейшие', 'важн'], ['вагоне', 'вагон'], ['ведомости', 'ведом'],
    ['великими', 'велик'], ['взглянувши', 'взглянувш'], ['бегавший', 'бега'], ['красивейшая', 'красив'], ['единственный', 'единствен'],
    ['улыбнулись', 'улыбнул'], ['читающий', 'чита'], ['прочитавшись', 'прочита'], ['государственность', 'государствен'],
    ['деятельность', 'деятельн'], ['экономический', 'экономическ'], ['выборами', 'выбор'], ['конституции', 'конституц'],
    ['являющийся', 'явля'], ['организованный', 'организова'],
  ];
  it.each(cases)('%s → %s', (word, stem) => {
    expect(stemRussianWord(word)).toBe(stem);
  });

  it('leaves words without a vowel region alone', () => {
    expect(stemRussianWord('вск')).toBe('вск');
    expect(stemRussianWord('я')).toBe('я');
  });

  it('normalises case and ё, keeps digits and Latin words', () => {
    expect(normalizeSearchText('ЁЖ Всё')).toBe('еж все');
    expect(stemText('Сферы ОБЩЕСТВА, ВВП-2024 и GDP')).toBe('сфер обществ ввп 2024 и gdp');
  });

  it('builds query stems without function words and repeats', () => {
    expect(queryStems('сферы и общество общества')).toEqual(['сфер', 'обществ']);
    expect(queryStems(' ,.!? ')).toEqual([]);
    expect(queryStems('и в на')).toEqual([]);
  });
});
