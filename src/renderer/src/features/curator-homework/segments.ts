import type { CommentSegment } from '@shared/contract/homework-p2';

/** §5/§9: a segment ends at most this many characters after its start. */
export const SEGMENT_MAX = 100;

/** Clamps a typed score to 0..max (§5 'clamped on change'); '' stays unscored. */
export function clampScore(raw: string, max: number): number | null {
  if (raw.trim() === '') return null;
  const value = Math.trunc(Number(raw));
  if (!Number.isFinite(value)) return null;
  return Math.min(max, Math.max(0, value));
}

/** A selection [start, end) inside the answer as a valid segment range, or null (§5). */
export function selectionRange(start: number, end: number, length: number): { start: number; end: number } | null {
  const from = Math.max(0, Math.min(start, end));
  const to = Math.min(length, Math.max(start, end));
  if (to <= from || to - from > SEGMENT_MAX) return null;
  return { start: from, end: to };
}

/** Letters, digits and the joiners inside a word («какой-то», «д'Артаньян»). */
const WORD_CHAR = /[\p{L}\p{N}'’-]/u;

/**
 * Widens a selection [start, end) to whole words and drops the spaces at its edges: a curator who
 * drags from the middle of a word gets the word, never half of it.
 */
export function snapToWords(text: string, start: number, end: number): { start: number; end: number } {
  let from = Math.max(0, Math.min(start, end));
  let to = Math.min(text.length, Math.max(start, end));
  while (from < to && /\s/u.test(text[from]!)) from += 1;
  while (to > from && /\s/u.test(text[to - 1]!)) to -= 1;
  if (from === to) return { start: from, end: to };
  while (from > 0 && WORD_CHAR.test(text[from - 1]!) && WORD_CHAR.test(text[from]!)) from -= 1;
  while (to < text.length && WORD_CHAR.test(text[to]!) && WORD_CHAR.test(text[to - 1]!)) to += 1;
  return { start: from, end: to };
}

/** Next free key '1'..n for a new segment. */
export function nextSegmentKey(segments: Record<string, CommentSegment>): string {
  const used = Object.keys(segments).map(Number).filter(Number.isFinite);
  return String((used.length === 0 ? 0 : Math.max(...used)) + 1);
}

export interface Piece {
  text: string;
  /** Keys of the segments covering this piece (later ones paint over earlier). */
  keys: string[];
}

/** Splits the answer at every segment boundary so each piece is covered by a fixed set of segments. */
export function splitBySegments(text: string, segments: Record<string, CommentSegment>): Piece[] {
  const cuts = new Set([0, text.length]);
  for (const segment of Object.values(segments)) {
    cuts.add(Math.min(text.length, Math.max(0, segment.start_pos)));
    cuts.add(Math.min(text.length, Math.max(0, segment.finish_pos)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const from = points[index]!;
    const to = points[index + 1]!;
    if (to <= from) continue;
    const keys = Object.entries(segments)
      .filter(([, segment]) => segment.start_pos <= from && segment.finish_pos >= to)
      .map(([key]) => key);
    pieces.push({ text: text.slice(from, to), keys });
  }
  return pieces;
}
