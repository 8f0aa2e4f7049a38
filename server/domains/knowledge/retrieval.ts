import { sql } from 'kysely';
import type { ChunkKind } from '../../../src/shared/contract/knowledge';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import { CODIFIER_TOPICS, namedStems } from './codifier-topics';
import { type QueryTerm, questionTerms } from './question-terms';
import { bestPassage } from './passage';
import { type CorpusStats, idfOf, rankChunks, shorterForms, termMatches } from './ranking';
import { correctedStem, type Vocabulary, vocabularyOf } from './vocabulary';

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
/**
 * Below this share of the question's weight a chunk is not an answer (tuned on
 * tests/fixtures/assistant-questions.json; words the base does not know weigh in too).
 */
export const MIN_COVERAGE = 0.45;
/**
 * The share needed when the question holds a word the base does not know: such a word is a sign
 * the question is off the course («налог, который платят единороги», «кто написал войну и мир»).
 */
export const MIN_COVERAGE_WITH_UNKNOWN = 0.6;

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
  /** The student's own stem (before a root or a typo fix). */
  asked: string;
  frequency: number;
}

/**
 * How the base knows a term: by its forms; failing that by a root of the student's word a letter
 * or two shorter (экономисты → экономи…, as in 'экономика'); failing that as a typo of a word of
 * the base (инфлеция → инфляция); failing that not at all (frequency 0).
 */
async function resolveTerm(db: Db, dialect: Dialect, term: QueryTerm, kind: ChunkKind, vocabulary: Vocabulary): Promise<KnownTerm> {
  const asked = term.stem;
  const frequency = await documentFrequency(db, dialect, indexForms(term), kind);
  if (frequency > 0 || !/^[а-я]+$/.test(term.stem)) return { term, asked, frequency };
  for (let cut = 1; cut <= MAX_ROOT_CUT && term.stem.length - cut >= MIN_ROOT; cut += 1) {
    const rooted: QueryTerm = { stem: term.stem, forms: [term.stem.slice(0, -cut), ...term.forms.slice(1)], root: true };
    const rootFrequency = await documentFrequency(db, dialect, indexForms(rooted), kind);
    if (rootFrequency > 0) return { term: rooted, asked, frequency: rootFrequency };
  }
  const corrected = correctedStem(term.stem, vocabulary);
  if (corrected) {
    const fixed: QueryTerm = { stem: corrected, forms: [corrected, ...term.forms.slice(1)] };
    const fixedFrequency = await documentFrequency(db, dialect, indexForms(fixed), kind);
    if (fixedFrequency > 0) return { term: fixed, asked, frequency: fixedFrequency };
  }
  return { term, asked, frequency: 0 };
}

export interface RetrievedAnswer {
  /** The chunks that answer, best first; empty when nothing does. */
  chunks: RetrievedChunk[];
  /** A codifier topic the question is about that the base has no chunk for (then `chunks` is empty). */
  absentTopic?: string;
}

/**
 * The codifier topic the question names that no chunk of the base names, and the question's
 * weight on it (its rarest word's: «РФ» spelled out must not outweigh «гражданство»); undefined when the question names none or the base holds what it names.
 */
function absentTopicOf(resolved: readonly KnownTerm[], vocabulary: Vocabulary, stats: CorpusStats): { name: string; weight: number } | undefined {
  const stems = new Set(resolved.flatMap((item) => [item.asked, item.term.stem]));
  let found: { name: string; weight: number } | undefined;
  for (const topic of CODIFIER_TOPICS) {
    const named = namedStems(topic, stems);
    if (named.length === 0) continue;
    const held = vocabulary.titles.some((title) => topic.phrases.some((phrase) => phrase.every((stem) => title.stems.has(stem))));
    if (held) continue;
    const weight = Math.max(0, ...resolved.filter((item) => named.includes(item.asked) || named.includes(item.term.stem)).map((item) => idfOf(stats, item.term.stem)));
    if (!found || weight > found.weight) found = { name: topic.name, weight };
  }
  return found;
}

/** The question's weight on what a chunk names (its name and bold terms): its rarest such word's, as for a topic. */
function titleWeight(chunkName: string, terms: readonly QueryTerm[], vocabulary: Vocabulary, stats: CorpusStats): number {
  const title = vocabulary.titles.find((item) => item.name === chunkName);
  if (!title) return 0;
  return Math.max(0, ...terms.filter((term) => [...title.stems].some((stem) => termMatches(stem, term))).map((term) => idfOf(stats, term.stem)));
}

/**
 * What the base holds for a question: the published chunks of a kind that answer it, best first
 * (at most `limit`), each with its best passage. Empty when nothing covers enough of the question
 * — words the base does not know count against every chunk, so one course word among
 * made-up ones is no match — and then, for theory, the codifier topic it is about if the base
 * lacks that topic. The assistant checks this before any model is asked.
 */
export async function retrieveAnswer(db: Db, dialect: Dialect, question: string, kind: ChunkKind, limit = 3): Promise<RetrievedAnswer> {
  const asked = questionTerms(question).slice(0, 24);
  if (asked.length === 0) return { chunks: [] };
  const vocabulary = await vocabularyOf(db, kind);
  const resolved = await Promise.all(asked.map((term) => resolveTerm(db, dialect, term, kind, vocabulary)));
  const known = resolved.filter((item) => item.frequency > 0);
  const totals = await db
    .selectFrom('kb_published_chunks')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.avg<number>('num_words').as('average')])
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  const stats: CorpusStats = {
    total: Number(totals.total),
    averageLength: Number(totals.average ?? 0) || 1,
    documentFrequency: new Map(known.map((item) => [item.term.stem, item.frequency])),
  };
  const chunks = await rankedChunks(db, dialect, kind, known, resolved, stats, limit);
  const absent = kind === 'theory' ? absentTopicOf(resolved, vocabulary, stats) : undefined;
  // A topic the base lacks wins over a chunk that only shares the question's lesser words with it
  // («функции денег» is not answered by the functions of the Bank of Russia).
  const top = chunks[0];
  if (absent && (!top || absent.weight > titleWeight(top.name, known.map((item) => item.term), vocabulary, stats))) return { chunks: [], absentTopic: absent.name };
  return { chunks };
}

async function rankedChunks(
  db: Db,
  dialect: Dialect,
  kind: ChunkKind,
  known: readonly KnownTerm[],
  resolved: readonly KnownTerm[],
  stats: CorpusStats,
  limit: number,
): Promise<RetrievedChunk[]> {
  if (known.length === 0) return [];
  const terms = known.map((item) => item.term);
  const ids = await candidateIds(db, dialect, terms.flatMap(indexForms), kind);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('kb_published_chunks as c')
    .leftJoin('lessons as l', 'l.number', 'c.lesson_num')
    .select(['c.id', 'c.name', 'c.lesson_num', 'c.answer_text', 'c.answer_text_clean', 'l.short_name as lesson_name'])
    .where('c.id', 'in', ids)
    .execute();
  // A word the theory base does not know weighs against every chunk as much as the rarest word it
  // knows (a verb half as much: «подешевеет» is phrasing, «единороги» a subject). The org base is
  // small and asked in everyday words, so its unknown words stay neutral.
  const missingWeight =
    kind === 'theory' ? resolved.filter((item) => item.frequency === 0).reduce((sum, item) => sum + idfOf(stats, item.term.stem) * (item.term.verb ? 0.5 : 1), 0) : 0;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ranked = rankChunks(
    terms,
    rows.map((row) => ({ id: row.id, name: row.name, text: row.answer_text_clean })),
    stats,
    missingWeight,
  ).filter((item) => item.coverage >= (missingWeight > 0 ? MIN_COVERAGE_WITH_UNKNOWN : MIN_COVERAGE));
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
        passage: bestPassage(row.answer_text, terms, stats),
        score: item.score,
        coverage: item.coverage,
      };
    });
}

/** The chunks of retrieveAnswer alone (an absent topic is no chunk either). */
export async function retrieveChunks(db: Db, dialect: Dialect, question: string, kind: ChunkKind, limit = 3): Promise<RetrievedChunk[]> {
  return (await retrieveAnswer(db, dialect, question, kind, limit)).chunks;
}
