import { sql } from 'kysely';
import type { ChunkKind } from '../../../src/shared/contract/knowledge';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import { type QueryTerm, questionTerms } from './question-terms';
import { bestPassage, type CorpusStats, rankChunks, shorterForms } from './ranking';

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
/** Below this share of the weight of the question's known terms a chunk is not an answer (tuned on tests/fixtures/assistant-questions.json only). */
export const MIN_COVERAGE = 0.45;

/** One alternative of an index query: a stem, as a prefix or exact. */
interface IndexForm {
  stem: string;
  prefix: boolean;
}

/**
 * What the index is asked for a term, as ranking.ts's stemMatches counts a match: each form as a
 * prefix from four letters, and cut one or two letters shorter (Snowball takes some forms deeper:
 * режим → реж) unless the form is a root already cut from the student's word.
 */
function indexForms(term: QueryTerm): IndexForm[] {
  return term.forms.flatMap((form, index) => [
    { stem: form, prefix: form.length >= 4 },
    ...(index === 0 && term.root ? [] : shorterForms(form).map((stem) => ({ stem, prefix: false }))),
  ]);
}

// Stems are letters and digits only, so nothing needs escaping.
function tsQuery(forms: readonly IndexForm[]): string {
  return forms.map(({ stem, prefix }) => (prefix ? `${stem}:*` : stem)).join(' | ');
}

function ftsMatch(forms: readonly IndexForm[]): string {
  return forms.map(({ stem, prefix }) => (prefix ? `"${stem}"*` : `"${stem}"`)).join(' OR ');
}

async function candidateIds(db: Db, dialect: Dialect, forms: readonly IndexForm[], kind: ChunkKind): Promise<number[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ id: number }>`
      select id from kb_published_chunks
      where kind = ${kind} and search @@ to_tsquery('simple', ${tsQuery(forms)})
      order by ts_rank(search, to_tsquery('simple', ${tsQuery(forms)})) desc, id
      limit ${CANDIDATES}`.execute(db);
    return rows.map((row) => row.id);
  }
  const { rows } = await sql<{ id: number }>`
    select c.id from kb_published_search s join kb_published_chunks c on c.id = s.rowid
    where kb_published_search match ${ftsMatch(forms)} and c.kind = ${kind}
    order by bm25(kb_published_search, 3.0, 1.0), c.id
    limit ${CANDIDATES}`.execute(db);
  return rows.map((row) => row.id);
}

/** Chunks of a kind holding any of the forms. */
async function documentFrequency(db: Db, dialect: Dialect, forms: readonly IndexForm[], kind: ChunkKind): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from kb_published_chunks where kind = ${kind} and search @@ to_tsquery('simple', ${tsQuery(forms)})`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from kb_published_search s join kb_published_chunks c on c.id = s.rowid
    where kb_published_search match ${ftsMatch(forms)} and c.kind = ${kind}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** A root is cut by at most two letters and kept at six or more: 'экономист' backs off to 'экономи', 'приготов' never to 'приго'. */
const MAX_ROOT_CUT = 2;
const MIN_ROOT = 6;

interface KnownTerm {
  term: QueryTerm;
  frequency: number;
}

/**
 * How the base knows a term: by its forms; failing that by a root of the student's word a letter
 * or two shorter (экономисты → экономи…, as in 'экономика'); failing that not at all (frequency 0).
 */
async function resolveTerm(db: Db, dialect: Dialect, term: QueryTerm, kind: ChunkKind): Promise<KnownTerm> {
  const frequency = await documentFrequency(db, dialect, indexForms(term), kind);
  if (frequency > 0 || !/^[а-я]+$/.test(term.stem)) return { term, frequency };
  for (let cut = 1; cut <= MAX_ROOT_CUT && term.stem.length - cut >= MIN_ROOT; cut += 1) {
    const rooted: QueryTerm = { stem: term.stem, forms: [term.stem.slice(0, -cut), ...term.forms.slice(1)], root: true };
    const rootFrequency = await documentFrequency(db, dialect, indexForms(rooted), kind);
    if (rootFrequency > 0) return { term: rooted, frequency: rootFrequency };
  }
  return { term, frequency: 0 };
}

/**
 * The published chunks of a kind that answer the question, best first (at most `limit`), each
 * with its best passage. Empty when nothing covers enough of the question: the bot then says so.
 */
export async function retrieveChunks(db: Db, dialect: Dialect, question: string, kind: ChunkKind, limit = 3): Promise<RetrievedChunk[]> {
  const asked = questionTerms(question).slice(0, 24);
  if (asked.length === 0) return [];
  const resolved = await Promise.all(asked.map((term) => resolveTerm(db, dialect, term, kind)));
  const known = resolved.filter((item) => item.frequency > 0);
  // A word the base does not have says nothing about which chunk answers ('экономисты', 'нужны'),
  // so it does not count against one; but a question mostly of such words is not about the course
  // ('погода в москве', 'чемпионат мира по футболу') and gets no answer.
  if (known.length === 0 || known.length * 2 < asked.length) return [];
  const terms = known.map((item) => item.term);
  const ids = await candidateIds(db, dialect, terms.flatMap(indexForms), kind);
  if (ids.length === 0) return [];
  const [rows, totals] = await Promise.all([
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
  ]);
  const stats: CorpusStats = {
    total: Number(totals.total),
    averageLength: Number(totals.average ?? 0) || 1,
    documentFrequency: new Map(known.map((item) => [item.term.stem, item.frequency])),
  };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ranked = rankChunks(
    terms,
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
        passage: bestPassage(row.answer_text_clean, terms, stats),
        score: item.score,
        coverage: item.coverage,
      };
    });
}
