import { sql } from 'kysely';
import type { ChunkKind } from '../../../src/shared/contract/knowledge';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import { bestPassage, type CorpusStats, questionStems, rankChunks } from './ranking';

/**
 * Retrieval over the published knowledge base for the assistant (ARCHITECTURE §7): the Russian
 * full-text index of migration 0020 finds candidates on either dialect, ranking.ts orders them.
 */

export interface RetrievedChunk {
  chunkId: number;
  name: string;
  lessonNum: number;
  lessonName: string;
  /** The clean text of the chunk (what a model is given). */
  text: string;
  /** The best excerpt for the question (what the local default quotes). */
  passage: string;
  score: number;
  coverage: number;
}

/** Candidates taken from the index before ranking. */
const CANDIDATES = 60;
/** Below this share of the question's weight a chunk is not an answer (tuned on tests/fixtures/assistant-questions.json). */
export const MIN_COVERAGE = 0.45;

function tsQuery(stems: readonly string[]): string {
  // Stems are letters and digits only, so nothing needs escaping.
  return stems.map((stem) => (stem.length >= 4 ? `${stem}:*` : stem)).join(' | ');
}

function ftsMatch(stems: readonly string[]): string {
  return stems.map((stem) => (stem.length >= 4 ? `"${stem}"*` : `"${stem}"`)).join(' OR ');
}

async function candidateIds(db: Db, dialect: Dialect, stems: readonly string[], kind: ChunkKind): Promise<number[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ id: number }>`
      select id from kb_published_chunks
      where kind = ${kind} and search @@ to_tsquery('simple', ${tsQuery(stems)})
      order by ts_rank(search, to_tsquery('simple', ${tsQuery(stems)})) desc, id
      limit ${CANDIDATES}`.execute(db);
    return rows.map((row) => row.id);
  }
  const { rows } = await sql<{ id: number }>`
    select c.id from kb_published_search s join kb_published_chunks c on c.id = s.rowid
    where kb_published_search match ${ftsMatch(stems)} and c.kind = ${kind}
    order by bm25(kb_published_search, 3.0, 1.0), c.id
    limit ${CANDIDATES}`.execute(db);
  return rows.map((row) => row.id);
}

async function documentFrequency(db: Db, dialect: Dialect, stem: string, kind: ChunkKind): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from kb_published_chunks where kind = ${kind} and search @@ to_tsquery('simple', ${tsQuery([stem])})`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from kb_published_search s join kb_published_chunks c on c.id = s.rowid
    where kb_published_search match ${ftsMatch([stem])} and c.kind = ${kind}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * The published chunks of a kind that answer the question, best first (at most `limit`), each
 * with its best passage. Empty when nothing covers enough of the question: the bot then says so.
 */
export async function retrieveChunks(db: Db, dialect: Dialect, question: string, kind: ChunkKind, limit = 3): Promise<RetrievedChunk[]> {
  const stems = questionStems(question).slice(0, 24);
  if (stems.length === 0) return [];
  const ids = await candidateIds(db, dialect, stems, kind);
  if (ids.length === 0) return [];
  const [rows, totals, frequencies] = await Promise.all([
    db
      .selectFrom('kb_published_chunks as c')
      .leftJoin('lessons as l', 'l.number', 'c.lesson_num')
      .select(['c.id', 'c.name', 'c.lesson_num', 'c.answer_text_clean', 'l.short_name as lesson_name'])
      .where('c.id', 'in', ids)
      .execute(),
    db
      .selectFrom('kb_published_chunks')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.avg<number>('num_words').as('average')])
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow(),
    Promise.all(stems.map(async (stem) => [stem, await documentFrequency(db, dialect, stem, kind)] as const)),
  ]);
  const stats: CorpusStats = {
    total: Number(totals.total),
    averageLength: Number(totals.average ?? 0) || 1,
    documentFrequency: new Map(frequencies),
  };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ranked = rankChunks(
    stems,
    rows.map((row) => ({ id: row.id, name: row.name, text: row.answer_text_clean })),
    stats,
  ).filter((item) => item.coverage >= MIN_COVERAGE);
  const best = ranked[0];
  if (!best) return [];
  // Passages far weaker than the best one would only add noise.
  return ranked
    .filter((item) => item.score >= best.score * 0.5)
    .slice(0, limit)
    .map((item) => {
      const row = byId.get(item.id)!;
      return {
        chunkId: row.id,
        name: row.name,
        lessonNum: row.lesson_num,
        lessonName: row.lesson_name ?? '',
        text: row.answer_text_clean,
        passage: bestPassage(row.answer_text_clean, stems, stats),
        score: item.score,
        coverage: item.coverage,
      };
    });
}
