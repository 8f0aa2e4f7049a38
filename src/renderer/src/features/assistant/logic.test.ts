import { describe, expect, it } from 'vitest';
import type { BotMessage } from '@shared/contract/assistant';
import { canLoadMore, mergeMessages, splitCitations, unfinishedIds } from './logic';
import { markedText } from './message-markup';

const message = (id: number, extra: Partial<BotMessage> = {}): BotMessage => ({ id, message: `m${id}`, itsBot: id % 2 === 0 ? '1' : '0', status: 'done', sources: [], createdAt: id, ...extra });

describe('assistant chat logic', () => {
  it('merges pushes by id, newer state wins, oldest first', () => {
    const merged = mergeMessages([message(3), message(4, { status: 'pending', message: '' })], [message(4, { message: 'ответ' }), message(1), message(2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged[3]!.message).toBe('ответ');
    expect(mergeMessages([], Array.from({ length: 120 }, (_, i) => message(i + 1)))).toHaveLength(100);
  });

  it('offers older messages only while the lowest id is 2 or more', () => {
    expect(canLoadMore([message(1), message(2)], false)).toBe(false);
    expect(canLoadMore([message(3)], false)).toBe(true);
    expect(canLoadMore([message(3)], true)).toBe(false);
    expect(canLoadMore([], false)).toBe(false);
  });

  it('finds unfinished answers and splits citations without HTML', () => {
    expect(unfinishedIds([message(2, { status: 'streaming' }), message(4), message(6, { status: 'pending' })])).toEqual([2, 6]);
    expect(splitCitations('Рост цен [1], <b>не тег</b> [3]', new Set([1]))).toEqual([
      { kind: 'text', text: 'Рост цен ' },
      { kind: 'cite', n: 1 },
      { kind: 'text', text: ', <b>не тег</b> [3]' },
    ]);
  });

  it('keeps bold, italic, underline and strike as formatting and shows every other tag as text', () => {
    const runs = markedText('<b>Инфляция</b> — <i>рост <u>цен</u></i>, <s>не</s> <script>alert(1)</script> <a href="x">ссылка</a>');
    expect(runs.map((run) => [run.text, [...run.marks].sort().join('+')])).toEqual([
      ['Инфляция', 'bold'],
      [' — ', ''],
      ['рост ', 'italic'],
      ['цен', 'italic+underline'],
      [', ', ''],
      ['не', 'strike'],
      [' <script>alert(1)</script> <a href="x">ссылка</a>', ''],
    ]);
    // Other spellings of the same four, a stray closing tag, an unclosed one.
    expect(markedText('<STRONG>a</strong><em>b</em><del>c</del></b>d<u>e').map((run) => [run.text, [...run.marks].join('+')])).toEqual([
      ['a', 'bold'],
      ['b', 'italic'],
      ['c', 'strike'],
      ['</b>d', ''],
      ['e', 'underline'],
    ]);
    // Attributes make it not a formatting tag: shown as typed.
    expect(markedText('<b onclick="x">a</b>')).toEqual([{ text: '<b onclick="x">a</b>', marks: new Set() }]);
  });
});
