import { markdownBlocks } from '../../../src/shared/domain/knowledge';
import type { QueryTerm } from './question-terms';
import { type CorpusStats, documentStems, idfOf, termMatches } from './ranking';
import { sentencesOfLine } from './sentences';

/**
 * The passage of a chunk the local default quotes. A chunk is cut into units that are
 * never split: a sentence; a list with the paragraph that leads into it («…органы чувств. Его формы:») or, with no
 * lead-in, the whole list; a table. The passage is the contiguous run of units that covers the
 * most of the question — each question term counted once, however often it repeats — and among
 * equal ones the run with more units that answer on their own (both lists of «формы познания»),
 * then the shorter one.
 */

/** Long enough for a definition and its list (the longest demo list with its lead-in is ~600). */
export const PASSAGE_CAP = 1000;

interface Unit {
  text: string;
  /** It starts a block (a paragraph, a list, a table): quoted from a new line. */
  newBlock: boolean;
  /** Indexes of the question terms it holds. */
  terms: Set<number>;
  weight: number;
}

const endsLeadIn = (sentence: string) => /:\s*$/.test(sentence);

/** The units of a chunk's markdown, headings left out (the chunk's name is quoted above the passage). */
export function passageUnits(markdown: string): Pick<Unit, 'text' | 'newBlock'>[] {
  const blocks = markdownBlocks(markdown);
  const units: Pick<Unit, 'text' | 'newBlock'>[] = [];
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.kind === 'heading') continue;
    if (block.kind === 'paragraph') {
      // A paragraph that leads into a list stays whole: «Его формы:» means the sentence before it.
      const leadsIn = endsLeadIn(block.text) && blocks[index + 1]?.kind === 'item';
      const sentences = leadsIn ? [block.text] : sentencesOfLine(block.text);
      units.push(...sentences.map((text, at) => ({ text, newBlock: at === 0 })));
      continue;
    }
    // A list or a table: its lines, together.
    const lines: string[] = [];
    while (index < blocks.length && blocks[index]!.group === block.group) lines.push(blocks[index++]!.text);
    index -= 1;
    const previous = units.at(-1);
    const leadIn = block.kind === 'item' && previous !== undefined && endsLeadIn(previous.text) && blocks[index - lines.length]?.kind === 'paragraph';
    if (leadIn) previous.text = [previous.text, ...lines].join('\n');
    else units.push({ text: lines.join('\n'), newBlock: true });
  }
  return units;
}

function cut(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}

/** The passage of a chunk (markdown) that best answers the question, at most about `maxChars` long. */
export function bestPassage(markdown: string, terms: readonly QueryTerm[], stats: CorpusStats, maxChars = PASSAGE_CAP): string {
  const weights = terms.map((term) => idfOf(stats, term.stem));
  const units: Unit[] = passageUnits(markdown).map(({ text, newBlock }) => {
    const words = documentStems(text);
    const held = new Set(terms.flatMap((term, index) => (words.some((word) => termMatches(word, term)) ? [index] : [])));
    return { text, newBlock, terms: held, weight: [...held].reduce((sum, index) => sum + weights[index]!, 0) };
  });
  if (units.length === 0) return '';
  const strongest = Math.max(...units.map((unit) => unit.weight));
  // A unit answers on its own when it holds at least a third of what the best unit holds
  // («Его формы: …» beside «Рациональное познание…»); filler between them only costs length.
  const answering = (unit: Unit) => (strongest > 0 && unit.weight >= strongest / 3 ? unit.weight / strongest : 0);
  let best = { start: 0, end: 1, covered: -1, answers: -1, length: Infinity };
  for (let start = 0; start < units.length; start += 1) {
    const held = new Set<number>();
    let answers = 0;
    let length = -1;
    for (let end = start; end < units.length; end += 1) {
      const unit = units[end]!;
      length += unit.text.length + 1;
      if (end > start && length > maxChars) break;
      unit.terms.forEach((index) => held.add(index));
      answers += answering(unit);
      const covered = [...held].reduce((sum, index) => sum + weights[index]!, 0);
      const better =
        covered > best.covered + 1e-9 ||
        (covered > best.covered - 1e-9 && (answers > best.answers + 1e-9 || (answers > best.answers - 1e-9 && length < best.length)));
      if (better) best = { start, end: end + 1, covered, answers, length };
    }
  }
  const quoted = units.slice(best.start, best.end);
  return cut(quoted.map((unit, at) => (at > 0 ? (unit.newBlock ? '\n' : ' ') : '') + unit.text).join(''), maxChars);
}
