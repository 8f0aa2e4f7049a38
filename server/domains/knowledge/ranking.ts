import { searchWords } from '../../search/russian-stemmer';
import { type QueryTerm, stemOf } from './question-terms';

/**
 * Pure ranking of knowledge chunks for a student's question: BM25 over Snowball stems with the
 * chunk name counted twice (the passage quoted from a chunk: passage.ts). A question term counts in a chunk
 * when any of its forms (the student's stem, its root, its synonyms) is there. The database's full-text index picks
 * the candidates (retrieval.ts); this file decides their order the same way on both dialects.
 */

/** Stems of a document's words, in order. */
export function documentStems(text: string): string[] {
  return searchWords(text).map(stemOf);
}

/** Three-letter function words a longer stem cut short would otherwise match (при, чем, как…). */
const SHORT_FUNCTION_WORDS = new Set('при как что чем для под над или все его она они оно так нет еще без про раз уже'.split(' '));

/**
 * Whether a document stem counts as the query stem: the same; longer with it as a prefix
 * (государств → государственн); or shorter by at most two letters where Snowball cut one form
 * deeper than another (режим → реж, рынка → рынк / рынок), unless that is a function word or the
 * query stem is already a root cut from the student's word (`prefixOnly`).
 */
export function stemMatches(documentStem: string, queryStem: string, prefixOnly = false): boolean {
  if (queryStem.length >= 4 ? documentStem.startsWith(queryStem) : documentStem === queryStem) return true;
  if (prefixOnly || SHORT_FUNCTION_WORDS.has(documentStem)) return false;
  return documentStem.length >= 3 && queryStem.length - documentStem.length > 0 && queryStem.length - documentStem.length <= 2 && queryStem.startsWith(documentStem);
}

/** The stems one query stem matches by stemMatches's shortening rule (for the index query). */
export function shorterForms(queryStem: string): string[] {
  return [1, 2].map((cut) => queryStem.slice(0, queryStem.length - cut)).filter((stem) => stem.length >= 3 && !SHORT_FUNCTION_WORDS.has(stem));
}

export interface RankInput {
  id: number;
  name: string;
  text: string;
}

export interface CorpusStats {
  /** Chunks searched (of the bot's kind). */
  total: number;
  /** Average length in words. */
  averageLength: number;
  /** Chunks containing each query term (by its stem: any of its forms). */
  documentFrequency: ReadonlyMap<string, number>;
}

export interface Ranked {
  id: number;
  score: number;
  /** Share of the question's weight (by idf) the chunk covers, 0–1. */
  coverage: number;
}

const K1 = 1.2;
const B = 0.75;

export function idfOf(stats: CorpusStats, stem: string): number {
  const df = stats.documentFrequency.get(stem) ?? 0;
  return Math.log(1 + (stats.total - df + 0.5) / (df + 0.5));
}

/** Whether a document stem counts as the term. */
export function termMatches(documentStem: string, term: QueryTerm): boolean {
  return term.forms.some((form, index) => stemMatches(documentStem, form, index === 0 && term.root === true));
}

/**
 * BM25 of each candidate (name words twice), best first; coverage is the share of the question's
 * idf it holds, the weight of the words the base does not know (`missingWeight`) counting against every chunk.
 */
export function rankChunks(terms: readonly QueryTerm[], candidates: readonly RankInput[], stats: CorpusStats, missingWeight = 0): Ranked[] {
  const totalWeight = terms.reduce((sum, term) => sum + idfOf(stats, term.stem), 0) + missingWeight;
  const ranked = candidates.map((candidate) => {
    const name = documentStems(candidate.name);
    const words = [...name, ...name, ...documentStems(candidate.text)];
    let score = 0;
    let covered = 0;
    for (const term of terms) {
      const tf = words.filter((word) => termMatches(word, term)).length;
      if (tf === 0) continue;
      const idf = idfOf(stats, term.stem);
      covered += idf;
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * words.length) / Math.max(1, stats.averageLength)));
    }
    return { id: candidate.id, score, coverage: totalWeight > 0 ? covered / totalWeight : 0 };
  });
  return ranked.filter((item) => item.score > 0).sort((a, b) => b.score - a.score || a.id - b.id);
}
