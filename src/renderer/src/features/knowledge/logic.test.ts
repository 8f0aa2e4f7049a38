import { describe, expect, it } from 'vitest';
import { byChapter, changedFields, pageCount, parsePageJump, parseQuestionNumber, readListQuery } from './logic';

describe('knowledge base list rules', () => {
  it('reads the query with the §5 fallbacks', () => {
    expect(readListQuery(new URLSearchParams('page=3&limit=50&filter90Plus=90plus'))).toEqual({ page: 3, limit: 50, filter: '90plus' });
    expect(readListQuery(new URLSearchParams('page=0&limit=7&filter90Plus=x'))).toEqual({ page: 1, limit: 10, filter: 'all' });
    expect(readListQuery(new URLSearchParams('page=2.5'))).toEqual({ page: 1, limit: 10, filter: 'all' });
  });

  it('jumps only to an existing page and searches only positive numbers', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(parsePageJump('3', 3)).toBe(3);
    expect(parsePageJump('4', 3)).toBeNull();
    expect(parsePageJump('0', 3)).toBeNull();
    expect(parsePageJump('1.5', 3)).toBeNull();
    expect(parseQuestionNumber(' 12 ')).toBe(12);
    expect(parseQuestionNumber('0')).toBeNull();
    expect(parseQuestionNumber('-3')).toBeNull();
  });

  it('sends changed fields only, compared trimmed', () => {
    const loaded = { name: 'Инфляция', lessonNum: 4, '90plus': '0' as const, answerText: 'текст', kind: 'theory' as const };
    expect(changedFields(loaded, { ...loaded, name: ' Инфляция ', answerText: 'текст\n' })).toEqual({});
    expect(changedFields(loaded, { ...loaded, lessonNum: 5, '90plus': '1' })).toEqual({ lessonNum: 5, '90plus': '1' });
  });

  it('groups map cells by chapter in the order given', () => {
    expect(byChapter([{ chapter: 'А' }, { chapter: 'А' }, { chapter: 'Б' }]).map((g) => [g.chapter, g.cells.length])).toEqual([['А', 2], ['Б', 1]]);
  });
});
