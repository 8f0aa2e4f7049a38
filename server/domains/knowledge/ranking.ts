import { searchWords, stemRussianWord } from '../../search/russian-stemmer';

/**
 * Pure ranking of knowledge chunks for a student's question: BM25 over Snowball stems with the
 * chunk name counted twice, and the best passage of a chunk. The database's full-text index picks
 * the candidates (retrieval.ts); this file decides their order the same way on both dialects.
 */

/** Words that carry no topic in a student's question (function words and question phrasing). */
const QUESTION_STOP_WORDS = new Set(
  (
    'и в во не что он на я с со как а то все всё она так его но да ты к у же вы за бы по только ее её мне было вот от меня еще ещё нет о из ему для об при без до под над ли или ' +
    'это этот эта эти этого этой этом такое такой такая такие таком каков какой какая какое какие каких каким какую какого каком какому какими кто чем чего чём где когда зачем почему сколько ' +
    'можно нужно надо ли есть быть был была были будет будут мой моя мои свой свою его их них нее неё ней ним ими мы нам нас вам вас тебе тебя меня мне себя ' +
    'объясни объясните расскажи расскажите подскажи подскажите скажи скажите пожалуйста помогите помоги понять понимаю значит значат означает называется называют ' +
    'вопрос вопросы ответ тема теме тему чтобы если то тогда также тоже очень просто например вообще всего всех всем которые который которая которое'
  ).split(' '),
);

/** Abbreviations students write, spelled out as the base writes them. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  госдума: 'государственная дума',
  госдумы: 'государственной думы',
  госдуму: 'государственную думу',
  госдуме: 'государственной думе',
  центробанк: 'центральный банк',
  центробанка: 'центрального банка',
  цб: 'центральный банк',
  рф: 'российская федерация',
  дз: 'домашнее задание',
  домашка: 'домашнее задание',
  домашки: 'домашнего задания',
  ук: 'уголовный кодекс',
  гк: 'гражданский кодекс',
  тк: 'трудовой кодекс',
  коап: 'кодекс об административных правонарушениях',
};

/** A word's stem as the index stores it (digits and Latin words as they are). */
export function stemOf(word: string): string {
  return /^[а-я]+$/.test(word) ? stemRussianWord(word) : word;
}

/** Distinct stems of the meaningful words of a question. */
export function questionStems(question: string): string[] {
  const stems = searchWords(question)
    .flatMap((word) => (SPELLED_OUT[word] ? searchWords(SPELLED_OUT[word]) : [word]))
    .filter((word) => !QUESTION_STOP_WORDS.has(word) && word.length >= 2)
    .map(stemOf)
    .filter((stem) => stem.length >= 2);
  return [...new Set(stems)];
}

/** Stems of a document's words, in order. */
export function documentStems(text: string): string[] {
  return searchWords(text).map(stemOf);
}

/**
 * Whether a document stem counts as the query stem: the same; longer with it as a prefix
 * (государств → государственн); or shorter by at most two letters where Snowball cut one form
 * deeper than another (режим → реж, рынка → рынк / рынок).
 */
export function stemMatches(documentStem: string, queryStem: string): boolean {
  if (queryStem.length >= 4 ? documentStem.startsWith(queryStem) : documentStem === queryStem) return true;
  return documentStem.length >= 3 && queryStem.length - documentStem.length > 0 && queryStem.length - documentStem.length <= 2 && queryStem.startsWith(documentStem);
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
  /** Chunks containing each query stem. */
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

/** BM25 of each candidate (name words twice), best first. */
export function rankChunks(stems: readonly string[], candidates: readonly RankInput[], stats: CorpusStats): Ranked[] {
  const totalWeight = stems.reduce((sum, stem) => sum + idfOf(stats, stem), 0);
  const ranked = candidates.map((candidate) => {
    const name = documentStems(candidate.name);
    const words = [...name, ...name, ...documentStems(candidate.text)];
    let score = 0;
    let covered = 0;
    for (const stem of stems) {
      const tf = words.filter((word) => stemMatches(word, stem)).length;
      if (tf === 0) continue;
      const idf = idfOf(stats, stem);
      covered += idf;
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * words.length) / Math.max(1, stats.averageLength)));
    }
    return { id: candidate.id, score, coverage: totalWeight > 0 ? covered / totalWeight : 0 };
  });
  return ranked.filter((item) => item.score > 0).sort((a, b) => b.score - a.score || a.id - b.id);
}

/** Sentences of a clean text (line breaks end sentences too). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?…]+(?:[.!?…]+|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * The passage of a chunk that best answers the question: the window of up to three consecutive
 * sentences covering the most question weight, at most about `maxChars` long.
 */
export function bestPassage(text: string, stems: readonly string[], stats: CorpusStats, maxChars = 600): string {
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return '';
  const weightOf = (sentence: string) => {
    const words = documentStems(sentence);
    return stems.reduce((sum, stem) => sum + (words.some((word) => stemMatches(word, stem)) ? idfOf(stats, stem) : 0), 0);
  };
  const weights = sentences.map(weightOf);
  let best = { start: 0, end: 1, weight: -1 };
  for (let start = 0; start < sentences.length; start += 1) {
    let weight = 0;
    let length = 0;
    for (let end = start; end < Math.min(sentences.length, start + 3); end += 1) {
      length += sentences[end]!.length + 1;
      if (end > start && length > maxChars) break;
      weight += weights[end]!;
      // Prefer more weight; among equal ones the shorter, earlier window.
      if (weight > best.weight + 1e-9) best = { start, end: end + 1, weight };
    }
  }
  const passage = sentences.slice(best.start, best.end).join(' ');
  return passage.length > maxChars ? `${passage.slice(0, maxChars - 1).trimEnd()}…` : passage;
}
