import { normalizeSearchText, searchWords, stemRussianWord } from '../../search/russian-stemmer';

/**
 * What a student's question asks about, as search terms for the knowledge base: its meaningful
 * words stemmed (Snowball, the algorithm the index uses), each with the synonyms ЕГЭ wording uses
 * for it, so 'жениться' finds 'брак' and 'ЦБ' finds 'центральный банк'.
 */

export interface QueryTerm {
  /** The stem of the student's word. */
  stem: string;
  /** Stems a chunk may use for it: the stem itself (or the root the base knows it by) first, then its synonyms. */
  forms: string[];
  /** The first form is a root cut from the student's word: it matches only as a prefix. */
  root?: boolean;
  /** The student's word reads as a verb (платят, подняться): what is done, not what it is done to. */
  verb?: boolean;
}

/** Endings of Russian verb forms (infinitive, present, past, reflexive). */
const VERB_ENDING = /(?:ть|ти|ться|тся|ется|ешь|ишь|ет|ют|ут|ит|ят|ем|ете|ите|ал|ала|али|ало|ил|ила|или|ило|ел|ела|ели|лся|лась|лись)$/;

/** Function words and the phrasing of a question: they name no topic, so they never count for or against a chunk. */
const QUESTION_WORDS = new Set(
  (
    'и в во не что он она оно они на я с со как а то все всё так его но да ты к у же вы за бы по только ее её мне было вот от меня еще ещё нет о из ему для об при без до под над ли или ' +
    'это этот эта эти этого этой этом этим этих такое такой такая такие таком таких каков какова каково каковы какой какая какое какие каких каким какую какого каком какому какими ' +
    'кто кого кому кем чем чего чём где куда откуда когда зачем почему отчего сколько скольки насколько ' +
    'можно нужно надо нужен нужна нужны нужен ли есть быть был была были будет будут бывает бывают бывать ' +
    'мой моя мои свой свою своё свои их них нее неё ней ним ими мы нам нас вам вас тебе тебя себя ' +
    'объясни объясните расскажи расскажите подскажи подскажите скажи скажите назови назовите перечисли перечислите приведи приведите опиши опишите ' +
    'пожалуйста помогите помоги понять понимаю не понимаю значит значат означает означают называется называются называют называть ' +
    'вопрос вопросы ответ тема теме тему темы чтобы если тогда также тоже очень просто например пример примеры вообще всего всех всем ' +
    'которые который которая которое которых которым ' +
    'выполняет выполняют выполнять выделяют выделяет выделять относится относятся относят отличается отличаются отличие отличия отличать различие различия разница разницу ' +
    'входит входят включает включают состоит состоят существует существуют делят делится делятся говорят говорится считается считаются считают ' +
    'происходит происходят бывает характерно характерны характерен характеризуется какую-то какой-то ' +
    'главное ' +
    // Counting words name no topic either ('сколько будет дважды два').
    'один одна одно два две три четыре пять дважды трижды ' +
    // Everyday speech of a student: 'скока депутатов', 'или по кому там', 'и тд'.
    'скока скоко скок щас там тут типа короче вообщем ну вот тд тп др плиз пж пжл'
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
  ввп: 'валовой внутренний продукт',
  ндфл: 'налог на доходы физических лиц',
  ндс: 'налог на добавленную стоимость',
  смп: 'средства массовой информации',
  сми: 'средства массовой информации',
  соц: 'социальный',
  полит: 'политический',
  эконом: 'экономический',
};

/**
 * Everyday words of a student and the words ЕГЭ materials use for the same thing. A chunk with
 * either counts. Keys and values are ordinary words (stemmed on load), the pairs are general course
 * vocabulary, not fitted to any question set.
 */
const SYNONYM_WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['жениться', ['брак', 'супруги']],
  ['женитьба', ['брак']],
  ['замуж', ['брак', 'супруги']],
  ['свадьба', ['брак']],
  ['развод', ['расторжение', 'брак']],
  ['муж', ['супруг']],
  ['жена', ['супруга']],
  ['зарплата', ['заработная', 'оплата']],
  ['увольнение', ['расторжение']],
  ['уволить', ['расторжение']],
  ['работодатель', ['наниматель']],
  ['работа', ['труд']],
  ['голосование', ['выборы', 'избирательный']],
  ['голосовать', ['выборы', 'избирательный']],
  ['выбирать', ['выборы', 'избираться']],
  ['выборы', ['избирательный']],
  ['депутат', ['дума', 'парламент']],
  ['парламент', ['собрание', 'дума']],
  ['страна', ['государство']],
  ['деньги', ['денежный']],
  ['наука', ['научный']],
  ['учёный', ['научный']],
  ['суд', ['судебный']],
  ['дети', ['ребенок', 'несовершеннолетний']],
  ['ребёнок', ['несовершеннолетний']],
  ['подросток', ['несовершеннолетний']],
  ['школа', ['образование']],
  ['учёба', ['образование']],
  ['церковь', ['религия']],
  ['вера', ['религия']],
  ['бог', ['религия']],
  ['компания', ['фирма', 'предприятие']],
  ['предприятие', ['фирма']],
  ['покупатель', ['потребитель', 'спрос']],
  ['продавец', ['производитель', 'предложение']],
  ['стоимость', ['цена']],
  ['лифт', ['мобильность']],
  ['лестница', ['мобильность']],
  ['богатые', ['неравенство', 'доход']],
  ['бедные', ['неравенство', 'доход']],
  ['преступник', ['преступление', 'уголовный']],
  ['тюрьма', ['лишение', 'уголовный']],
  ['штраф', ['административный']],
  ['война', ['военный']],
  ['национальность', ['этнос', 'нация']],
  ['народ', ['этнос', 'этнический']],
  ['россия', ['российский']],
  ['правила', ['нормы']],
  ['наказание', ['санкция', 'ответственность']],
  ['кредит', ['кредитный', 'банк']],
  // Not 'цены → инфляция': 'цена' is the word of supply and demand too.
  ['дорожать', ['инфляция']],
  ['подорожание', ['инфляция']],
  ['обесцениваться', ['инфляция']],
  ['экономист', ['экономика', 'экономический']],
  ['экономика', ['экономический']],
];

/** A word's stem as the index stores it (digits and Latin words as they are). */
export function stemOf(word: string): string {
  return /^[а-я]+$/.test(word) ? stemRussianWord(word) : word;
}

/** Student stem → stems the base may use instead (words sharing a stem, 'жена' and 'жениться', pool theirs). */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = SYNONYM_WORDS.reduce((map, [word, synonyms]) => {
  const stem = stemOf(normalizeSearchText(word));
  map.set(stem, [...new Set([...(map.get(stem) ?? []), ...synonyms.map((synonym) => stemOf(normalizeSearchText(synonym)))])]);
  return map;
}, new Map<string, string[]>());

/** Distinct search terms of the meaningful words of a question, in the question's order. */
export function questionTerms(question: string): QueryTerm[] {
  const words = searchWords(question)
    .flatMap((word) => (SPELLED_OUT[word] ? searchWords(SPELLED_OUT[word]) : [word]))
    .filter((word) => !QUESTION_WORDS.has(word) && word.length >= 2);
  const terms = new Map<string, QueryTerm>();
  for (const word of words) {
    const stem = stemOf(word);
    if (stem.length < 2 || terms.has(stem)) continue;
    const synonyms = SYNONYMS.get(stem) ?? [];
    terms.set(stem, { stem, forms: [...new Set([stem, ...synonyms])], ...(VERB_ENDING.test(word) ? { verb: true } : {}) });
  }
  return [...terms.values()];
}

/** Distinct stems of the meaningful words of a question (the question's own words, no synonyms). */
export function questionStems(question: string): string[] {
  return questionTerms(question).map((term) => term.stem);
}
