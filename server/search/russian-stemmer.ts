/**
 * The Snowball Russian stemmer (snowballstem.org/algorithms/russian/stemmer.html), used to index
 * timecode tags and to stem search queries so 'обществе' finds 'общество'. PostgreSQL runs the
 * same algorithm in to_tsvector('russian', …); SQLite calls this one through the `ru_stems`
 * function registered on each connection (server/db/index.ts).
 */

const VOWELS = 'аеиоуыэюя';
const isVowel = (char: string | undefined) => char !== undefined && VOWELS.includes(char);

/** Endings longest first, so the first match is the longest (the algorithm's rule). */
const byLength = (endings: string[]) => [...endings].sort((a, b) => b.length - a.length);

const PERFECTIVE_GERUND_1 = byLength(['в', 'вши', 'вшись']);
const PERFECTIVE_GERUND_2 = byLength(['ив', 'ивши', 'ившись', 'ыв', 'ывши', 'ывшись']);
const ADJECTIVE = byLength(['ее', 'ие', 'ые', 'ое', 'ими', 'ыми', 'ей', 'ий', 'ый', 'ой', 'ем', 'им', 'ым', 'ом', 'его', 'ого', 'ему', 'ому', 'их', 'ых', 'ую', 'юю', 'ая', 'яя', 'ою', 'ею']);
const PARTICIPLE_1 = byLength(['ем', 'нн', 'вш', 'ющ', 'щ']);
const PARTICIPLE_2 = byLength(['ивш', 'ывш', 'ующ']);
const REFLEXIVE = ['ся', 'сь'];
const VERB_1 = byLength(['ла', 'на', 'ете', 'йте', 'ли', 'й', 'л', 'ем', 'н', 'ло', 'но', 'ет', 'ют', 'ны', 'ть', 'ешь', 'нно']);
const VERB_2 = byLength(['ила', 'ыла', 'ена', 'ейте', 'уйте', 'ите', 'или', 'ыли', 'ей', 'уй', 'ил', 'ыл', 'им', 'ым', 'ен', 'ило', 'ыло', 'ено', 'ят', 'ует', 'уют', 'ит', 'ыт', 'ены', 'ить', 'ыть', 'ишь', 'ую', 'ю']);
const NOUN = byLength(['а', 'ев', 'ов', 'ие', 'ье', 'е', 'иями', 'ями', 'ами', 'еи', 'ии', 'и', 'ией', 'ей', 'ой', 'ий', 'й', 'иям', 'ям', 'ием', 'ем', 'ам', 'ом', 'о', 'у', 'ах', 'иях', 'ях', 'ы', 'ь', 'ию', 'ью', 'ю', 'ия', 'ья', 'я']);
const SUPERLATIVE = byLength(['ейш', 'ейше']);
const DERIVATIONAL = byLength(['ост', 'ость']);

/** Length of the ending of `word` (within `region`) from the list, or 0; group-1 endings need а/я before them. */
function findEnding(word: string, regionStart: number, endings: readonly string[], afterAOrYa = false): number {
  for (const ending of endings) {
    if (!word.endsWith(ending)) continue;
    const start = word.length - ending.length;
    if (afterAOrYa) {
      if (start - 1 < regionStart) continue;
      const before = word[start - 1];
      if (before !== 'а' && before !== 'я') continue;
    } else if (start < regionStart) continue;
    return ending.length;
  }
  return 0;
}

/** Removes the longest ending of either group (group 1 keeps its preceding а/я). */
function removeEither(word: string, rv: number, group1: readonly string[], group2: readonly string[]): string | null {
  const one = findEnding(word, rv, group1, true);
  const two = findEnding(word, rv, group2);
  const length = Math.max(one, two);
  return length > 0 ? word.slice(0, word.length - length) : null;
}

function removeAdjectival(word: string, rv: number): string | null {
  const adjective = findEnding(word, rv, ADJECTIVE);
  if (adjective === 0) return null;
  const stem = word.slice(0, word.length - adjective);
  return removeEither(stem, rv, PARTICIPLE_1, PARTICIPLE_2) ?? stem;
}

/** RV: after the first vowel. R2: R1 of R1, where R1 is after the first non-vowel following a vowel. */
function regions(word: string): { rv: number; r2: number } {
  const afterVowelConsonant = (from: number) => {
    for (let i = from + 1; i < word.length; i++) if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
    return word.length;
  };
  let rv = word.length;
  for (let i = 0; i < word.length; i++) {
    if (isVowel(word[i])) {
      rv = i + 1;
      break;
    }
  }
  const r1 = afterVowelConsonant(0);
  const r2 = afterVowelConsonant(r1);
  return { rv, r2: Math.max(r2, r1) };
}

/** The stem of one lower-case Russian word (ё already turned into е). */
export function stemRussianWord(input: string): string {
  let word = input;
  const { rv, r2 } = regions(word);
  if (rv >= word.length) return word;

  // Step 1.
  const gerund = removeEither(word, rv, PERFECTIVE_GERUND_1, PERFECTIVE_GERUND_2);
  if (gerund !== null) {
    word = gerund;
  } else {
    const reflexive = findEnding(word, rv, REFLEXIVE);
    if (reflexive) word = word.slice(0, word.length - reflexive);
    const next = removeAdjectival(word, rv) ?? removeEither(word, rv, VERB_1, VERB_2) ?? removeNoun(word, rv);
    if (next !== null) word = next;
  }

  // Step 2.
  if (word.endsWith('и') && word.length - 1 >= rv) word = word.slice(0, -1);

  // Step 3.
  const derivational = findEnding(word, r2, DERIVATIONAL);
  if (derivational) word = word.slice(0, word.length - derivational);

  // Step 4.
  if (word.endsWith('нн') && word.length - 2 >= rv) return word.slice(0, -1);
  const superlative = findEnding(word, rv, SUPERLATIVE);
  if (superlative) {
    word = word.slice(0, word.length - superlative);
    if (word.endsWith('нн') && word.length - 2 >= rv) word = word.slice(0, -1);
    return word;
  }
  if (word.endsWith('ь') && word.length - 1 >= rv) word = word.slice(0, -1);
  return word;
}

function removeNoun(word: string, rv: number): string | null {
  const length = findEnding(word, rv, NOUN);
  return length > 0 ? word.slice(0, word.length - length) : null;
}

/** Search form of text: lower case, ё→е. */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** The words of a text (letters and digits), normalised. */
export function searchWords(text: string): string[] {
  return normalizeSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Function words PostgreSQL's 'russian' configuration leaves out of its index; a query drops them
 * too, so 'сферы и общество' finds the same on both dialects.
 */
const STOP_WORDS = new Set('и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему для об при без до под над ли или'.split(' '));

/** Stems of the words of a search query, function words left out. */
export function queryStems(text: string): string[] {
  return stemText(text)
    .split(' ')
    .filter((stem, index, all) => stem !== '' && !STOP_WORDS.has(searchWords(text)[index] ?? '') && all.indexOf(stem) === index);
}

/** Stems of every word of a text, space-separated: what the SQLite index stores for a tag. */
export function stemText(text: string): string {
  return searchWords(text)
    .map((word) => (/^[а-я]+$/.test(word) ? stemRussianWord(word) : word))
    .join(' ');
}
