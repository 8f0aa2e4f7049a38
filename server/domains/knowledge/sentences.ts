/**
 * Russian sentences of a line of text: Intl.Segmenter finds the candidates, then a
 * break after an abbreviation or an initial is undone — ICU ends a sentence at «по П. Сорокину»
 * and «ст. 14», which cut quotes short before their answer.
 */

const segmenter = new Intl.Segmenter('ru', { granularity: 'sentence' });

/** Never end a sentence: a name or a number always follows (ст. 14, 1993 г., см. выше, А. Маслоу). */
const ALWAYS_JOINED = [
  'ст', 'стр', 'г', 'гг', 'в', 'вв', 'см', 'с', 'ср', 'им', 'п', 'пп', 'ч', 'гл', 'рис', 'табл', 'напр', 'проф', 'акад', 'ок',
  'руб', 'коп', 'тыс', 'млн', 'млрд', 'ред', 'обл', 'р', 'т.ч', 'т. ч', 'т.е', 'т. е', 'т.к', 'т. к', 'н.э', 'н. э', 'до н.э', 'до н. э', 'прим', 'англ', 'лат', 'греч',
];
/** End a sentence only before a capital letter: «…и т. д. Далее» ends, «…и т. д. и пр.» does not. */
const JOINED_BEFORE_LOWER = ['т.д', 'т. д', 'т.п', 'т. п', 'др', 'пр', 'проч'];

const escape = (abbreviation: string) => abbreviation.replace(/\./g, '\\.').replace(/ /g, '\\s*');
const endsWithAbbreviation = (list: readonly string[]) => new RegExp(`(?:^|[^\\p{L}])(?:${list.map(escape).join('|')})\\.$`, 'iu');
const ALWAYS = endsWithAbbreviation(ALWAYS_JOINED);
const BEFORE_LOWER = endsWithAbbreviation(JOINED_BEFORE_LOWER);
/** An initial: one capital letter and a dot (П., А.С.). */
const INITIAL = /(?:^|[^\p{L}])\p{Lu}\.$/u;

function joinsNext(segment: string, next: string): boolean {
  const end = segment.trimEnd();
  if (ALWAYS.test(end) || INITIAL.test(end)) return true;
  return BEFORE_LOWER.test(end) && /^[\p{Ll}\d]/u.test(next.trimStart());
}

/** The sentences of one line, trimmed. */
export function sentencesOfLine(line: string): string[] {
  const sentences: string[] = [];
  let pending = '';
  const segments = [...segmenter.segment(line)].map((part) => part.segment);
  segments.forEach((segment, index) => {
    pending += segment;
    const next = segments[index + 1];
    if (next !== undefined && joinsNext(pending, next)) return;
    if (pending.trim()) sentences.push(pending.trim());
    pending = '';
  });
  return sentences;
}
