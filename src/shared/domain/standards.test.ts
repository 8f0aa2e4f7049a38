import { describe, expect, it } from 'vitest';
import { groupByProcess, isLearnedAfterChange, isWebLink, linkCardOf, showsCreateButton, standardStamp, stampToRu } from './standards';

describe('standards rules', () => {
  it('counts a learned mark only when it is later than the last change', () => {
    expect(isLearnedAfterChange(null, 100)).toBe(false);
    expect(isLearnedAfterChange(100, 100)).toBe(false);
    expect(isLearnedAfterChange(101, 100)).toBe(true);
  });

  it('writes dates as YYYY-MM-DD HH:MM:SS in Moscow and shows them as dd.mm.yyyy hh:mm', () => {
    const stamp = standardStamp(Date.UTC(2026, 10, 25, 21, 5, 9));
    expect(stamp).toBe('2026-11-26 00:05:09');
    expect(stampToRu(stamp)).toBe('26.11.2026 00:05');
    expect(stampToRu('')).toBe('');
  });

  it('accepts only web links and describes where a link leads without loading it', () => {
    expect(isWebLink('')).toBe(true);
    expect(isWebLink('https://fipi.ru/ege')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.ru', 'просто текст']) expect(isWebLink(bad), bad).toBe(false);
    expect(linkCardOf('javascript:alert(1)')).toBeNull();
    expect(linkCardOf('')).toBeNull();
    expect(linkCardOf('https://www.youtube.com/watch?v=abc_123')).toEqual({ host: 'youtube.com', kind: 'video' });
    expect(linkCardOf('https://youtu.be/abc')).toEqual({ host: 'youtu.be', kind: 'video' });
    expect(linkCardOf('https://docs.google.com/document/d/1AbC-d/edit?usp=sharing')).toEqual({ host: 'docs.google.com', kind: 'document' });
    expect(linkCardOf('https://www.fipi.ru/ege')).toEqual({ host: 'fipi.ru', kind: 'page' });
    expect(linkCardOf('https://vk.com/club1')).toEqual({ host: 'vk.com', kind: 'page' });
  });

  it('shows the create button for an empty list or an editable first item (§2.3)', () => {
    expect(showsCreateButton([])).toBe(true);
    expect(showsCreateButton([{ canEdit: '1' }, { canEdit: '0' }])).toBe(true);
    expect(showsCreateButton([{ canEdit: '0' }, { canEdit: '1' }])).toBe(false);
  });

  it('groups by process in Russian alphabetical order', () => {
    const groups = groupByProcess([
      { process: 'Устные зачёты', name: 'Б' },
      { process: 'Общение с учениками', name: 'В' },
      { process: 'Общение с учениками', name: 'А' },
    ]);
    expect(groups.map((group) => group.process)).toEqual(['Общение с учениками', 'Устные зачёты']);
    expect(groups[0]!.standards.map((item) => item.name)).toEqual(['А', 'В']);
  });
});
