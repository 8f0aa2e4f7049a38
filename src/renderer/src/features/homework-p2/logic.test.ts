import { describe, expect, it } from 'vitest';
import {
  claimTab,
  excessDrafts,
  formatCountdown,
  joinMistakeWork,
  mergeDraft,
  newTabId,
  parseMoscowDeadline,
  parseSelfScore,
  pruneTabs,
  scoreColor,
  splitBySegments,
  splitMistakeWork,
  TAB_TTL_MS,
  type TabEntry,
} from './logic';

const seg = (start_pos: number, finish_pos: number, color: 'green' | 'orange' | 'red' = 'green', zacherkn = 0, cur_subcomment = '') => ({ start_pos, finish_pos, color, zacherkn, cur_subcomment });

describe('tab ids', () => {
  it('makes 6 alphanumerics', () => {
    expect(newTabId()).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(newTabId(() => 0)).toBe('AAAAAA');
    expect(newTabId(() => 0.9999999)).toBe('999999');
  });

  it('keeps the same id for a homework within 12 hours and a new one after', () => {
    const now = 1_000_000_000;
    const first = claimTab([], '3:0', now);
    const again = claimTab(first.entries, '3:0', now + TAB_TTL_MS - 1);
    expect(again.tab).toBe(first.tab);
    const later = claimTab(again.entries, '3:0', now + 2 * TAB_TTL_MS, () => 0.5);
    expect(later.entries).toHaveLength(1);
    expect(later.entries[0]!.at).toBe(now + 2 * TAB_TTL_MS);
    expect(later.tab).toBe('ffffff');
  });

  it('keeps at most 10 entries, newest first, and drops broken ones', () => {
    const now = 5_000_000;
    const entries: TabEntry[] = Array.from({ length: 12 }, (_, i) => ({ key: `${i}:0`, tab: 'abcDE1', at: now - i * 1000 }));
    const pruned = pruneTabs([...entries, { key: 'x', tab: 'bad', at: now } as TabEntry], now);
    expect(pruned).toHaveLength(10);
    expect(pruned.map((e) => e.key)).toEqual(entries.slice(0, 10).map((e) => e.key));
    const claimed = claimTab(entries, '99:1', now + 1);
    expect(claimed.entries).toHaveLength(10);
    expect(claimed.entries[0]!.key).toBe('99:1');
    expect(claimed.entries.some((e) => e.key === '9:0')).toBe(false);
  });

  it('survives a non-array store', () => {
    expect(claimTab(null as unknown as TabEntry[], '1:0', 1).entries).toHaveLength(1);
  });
});

describe('drafts', () => {
  it('lays an unsaved draft over the server answers and reports it', () => {
    const server = { '1': 'a', '2': 'b' };
    expect(mergeDraft(server, undefined)).toEqual({ answers: server, restored: false });
    expect(mergeDraft(server, { key: 'k', tab: 't', at: 1, answers: { '1': 'a', '2': 'b' } }).restored).toBe(false);
    const merged = mergeDraft(server, { key: 'k', tab: 't', at: 1, answers: { '2': 'typed', '7': 'gone question' } });
    expect(merged).toEqual({ answers: { '1': 'a', '2': 'typed' }, restored: true });
    // Typed over 'b', but the server now has a newer text from another device: the server's wins.
    const stale = mergeDraft({ '1': 'a', '2': 'from phone' }, { key: 'k', tab: 't', at: 1, answers: { '1': 'mine', '2': 'typed' }, base: { '1': 'a', '2': 'b' } });
    expect(stale).toEqual({ answers: { '1': 'mine', '2': 'from phone' }, restored: true });
  });

  it('keeps the ten newest drafts, never dropping the one being opened', () => {
    const names = Array.from({ length: 12 }, (_, i) => ({ name: `p2/k${i}/t` }));
    expect(excessDrafts(names, 'p2/k5/t')).toEqual(['p2/k0/t', 'p2/k1/t']);
    expect(excessDrafts(names, 'p2/k0/t')).toEqual(['p2/k1/t']);
    expect(excessDrafts(names.slice(0, 10), 'x')).toEqual([]);
  });
});

describe('mistake work', () => {
  it('joins the old answer and the new part with two line breaks and splits it back', () => {
    expect(joinMistakeWork('old', 'new')).toBe('old\n\nnew');
    expect(joinMistakeWork('old', '')).toBe('old');
    expect(joinMistakeWork('', 'new')).toBe('new');
    expect(splitMistakeWork('old', 'old\n\nnew\n\nmore')).toBe('new\n\nmore');
    expect(splitMistakeWork('old', 'old')).toBe('');
    expect(splitMistakeWork('', 'text')).toBe('text');
    expect(splitMistakeWork('old', joinMistakeWork('old', ' x '))).toBe(' x ');
  });
});

describe('score colour', () => {
  it('is green when full, red at zero or unscored, orange otherwise', () => {
    expect(scoreColor(4, 4)).toBe('green');
    expect(scoreColor(0, 4)).toBe('red');
    expect(scoreColor(null, 4)).toBe('red');
    expect(scoreColor(2, 4)).toBe('orange');
  });
});

describe('segments', () => {
  const text = 'abcdefghij';
  it('returns the plain text without segments', () => {
    expect(splitBySegments(text, {})).toEqual([{ text, start: 0, segment: null }]);
  });

  it('cuts highlighted pieces in order', () => {
    const pieces = splitBySegments(text, { a: seg(2, 5, 'red', 1, 'note') });
    expect(pieces.map((p) => [p.text, p.segment?.color ?? null, p.segment?.zacherkn ?? null])).toEqual([
      ['ab', null, null],
      ['cde', 'red', 1],
      ['fghij', null, null],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
  });

  it('lets the inner segment win where segments overlap', () => {
    const pieces = splitBySegments(text, { outer: seg(0, 8, 'green'), inner: seg(3, 5, 'red') });
    expect(pieces.map((p) => [p.text, p.segment?.id ?? null])).toEqual([
      ['abc', 'outer'],
      ['de', 'inner'],
      ['fgh', 'outer'],
      ['ij', null],
    ]);
  });

  it('handles partial overlap, out-of-range, empty and reversed segments', () => {
    const pieces = splitBySegments(text, { a: seg(1, 4, 'green'), b: seg(3, 50, 'orange'), empty: seg(6, 6), reversed: seg(8, 7), far: seg(40, 60) });
    expect(pieces.map((p) => [p.text, p.segment?.id ?? null])).toEqual([
      ['a', null],
      ['bc', 'a'],
      ['defghij', 'b'],
    ]);
    expect(splitBySegments('', { a: seg(0, 3) })).toEqual([]);
  });
});

describe('self-check score', () => {
  const texts = { belowZero: 'below', overMax: (max: number) => `over ${max}`, whole: 'whole' };
  it('takes whole numbers 0..max and names the refusal', () => {
    expect(parseSelfScore('0', 2, texts)).toEqual({ ok: true, value: 0 });
    expect(parseSelfScore(' 2 ', 2, texts)).toEqual({ ok: true, value: 2 });
    expect(parseSelfScore('-1', 2, texts)).toEqual({ ok: false, error: 'below' });
    expect(parseSelfScore('3', 2, texts)).toEqual({ ok: false, error: 'over 2' });
    expect(parseSelfScore('1.5', 2, texts)).toEqual({ ok: false, error: 'whole' });
    expect(parseSelfScore('', 2, texts)).toEqual({ ok: false, error: 'whole' });
  });
});

describe('small formatters', () => {
  it('reads a Moscow deadline and formats the countdown', () => {
    expect(parseMoscowDeadline('01.03.2026 12:30')).toBe(Date.UTC(2026, 2, 1, 9, 30));
    expect(parseMoscowDeadline('')).toBeNull();
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown((26 * 3600 + 61) * 1000)).toBe('26:01:01');
  });
});
