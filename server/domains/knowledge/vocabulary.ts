import { sql } from 'kysely';
import type { ChunkKind } from '../../../src/shared/contract/knowledge';
import type { Db } from '../../db';
import { documentStems } from './ranking';

/**
 * The words a published base knows: the stems of its chunks, for telling a student's
 * typo of a course word («инфлеция») from a word the base does not hold («единороги»), and the
 * terms each chunk names (its name and the terms it defines in bold), for telling a topic the
 * base has from one it lacks.
 */

export interface Vocabulary {
  /** Stem → how many chunks hold it. */
  stems: ReadonlyMap<string, number>;
  /** Stems of what each chunk names: its name and its bold terms (**Потребности** — …). */
  titles: readonly { name: string; stems: ReadonlySet<string> }[];
}

/**
 * Stemming the whole base takes ~0.2 s, so it is kept per database and kind until the published
 * rows change: publishing replaces them, and an edit changes their count, ids or lengths.
 */
const cache = new WeakMap<Db, Map<ChunkKind, { signature: string; vocabulary: Vocabulary }>>();

async function signatureOf(db: Db, kind: ChunkKind): Promise<string> {
  const { rows } = await sql<{ count: number; top: number | null; size: number | null }>`
    select count(*) as count, max(id) as top, sum(length(name) + length(answer_text)) as size
    from kb_published_chunks where kind = ${kind}`.execute(db);
  const row = rows[0];
  return `${Number(row?.count ?? 0)}:${Number(row?.top ?? 0)}:${Number(row?.size ?? 0)}`;
}

async function build(db: Db, kind: ChunkKind): Promise<Vocabulary> {
  const rows = await db.selectFrom('kb_published_chunks').select(['name', 'answer_text', 'answer_text_clean']).where('kind', '=', kind).execute();
  const stems = new Map<string, number>();
  const titles = rows.map((row) => {
    for (const stem of new Set([...documentStems(row.name), ...documentStems(row.answer_text_clean)])) stems.set(stem, (stems.get(stem) ?? 0) + 1);
    return { name: row.name, stems: new Set(documentStems([row.name, ...boldTerms(row.answer_text)].join(' '))) };
  });
  return { stems, titles };
}

/** The terms a chunk's markdown sets in bold: what it defines. */
function boldTerms(markdown: string): string[] {
  return [...markdown.matchAll(/\*\*([^*\n]+)\*\*/g)].map((match) => match[1]!);
}

export async function vocabularyOf(db: Db, kind: ChunkKind): Promise<Vocabulary> {
  const signature = await signatureOf(db, kind);
  const byKind = cache.get(db) ?? new Map();
  cache.set(db, byKind);
  const kept = byKind.get(kind);
  if (kept?.signature === signature) return kept.vocabulary;
  const vocabulary = await build(db, kind);
  byKind.set(kind, { signature, vocabulary });
  return vocabulary;
}

/** Damerau–Levenshtein distance (adjacent swaps count once), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Typos allowed in a stem of this length: none below five letters (too many short words are a letter apart). */
function allowedTypos(length: number): number {
  if (length < 5) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The base's stem a student's unknown stem is a typo of («инфлец» → «инфляц», «безроботиц» →
 * «безработиц»): the nearest within the allowed edits, the more common one on a tie; none if no
 * stem is near enough.
 */
export function correctedStem(stem: string, vocabulary: Vocabulary): string | undefined {
  const limit = allowedTypos(stem.length);
  if (limit === 0) return undefined;
  // A typo in the suffix keeps Snowball from cutting it (легитимнасть): the longest known stem it starts with.
  const prefix = [...vocabulary.stems.keys()].filter((known) => known.length >= 6 && stem.startsWith(known)).sort((a, b) => b.length - a.length)[0];
  if (prefix) return prefix;
  let best: { stem: string; distance: number; count: number } | undefined;
  for (const [known, count] of vocabulary.stems) {
    if (known.length < 4) continue;
    const distance = editDistance(stem, known, limit);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count)) best = { stem: known, distance, count };
  }
  return best?.stem;
}
