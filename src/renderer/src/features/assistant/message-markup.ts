/**
 * Shell §5: in a chat message only bold, italic, underline and strike tags are kept as formatting;
 * any other tag shows as the text it is. The message is never parsed as HTML: these tags are read
 * here and become React elements, everything else stays a string.
 */

export type Mark = 'bold' | 'italic' | 'underline' | 'strike';

export interface MarkedText {
  text: string;
  marks: ReadonlySet<Mark>;
}

const MARK_OF_TAG: Readonly<Record<string, Mark>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
};

/** An opening or closing formatting tag without attributes (`<b>`, `</STRONG>`). */
const FORMAT_TAG = /<(\/?)(b|strong|i|em|u|s|strike|del)\s*>/gi;

/** The message as runs of text, each with the formatting open over it. An unmatched closing tag stays text; an unclosed one formats to the end. */
export function markedText(message: string): MarkedText[] {
  const open = new Map<Mark, number>();
  const runs: MarkedText[] = [];
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    runs.push({ text: pending, marks: new Set([...open].filter(([, depth]) => depth > 0).map(([mark]) => mark)) });
    pending = '';
  };
  let last = 0;
  for (const match of message.matchAll(FORMAT_TAG)) {
    const mark = MARK_OF_TAG[match[2]!.toLowerCase()]!;
    const closing = match[1] === '/';
    pending += message.slice(last, match.index);
    last = match.index + match[0].length;
    if (closing && (open.get(mark) ?? 0) === 0) {
      pending += match[0];
      continue;
    }
    flush();
    open.set(mark, (open.get(mark) ?? 0) + (closing ? -1 : 1));
  }
  pending += message.slice(last);
  flush();
  return runs;
}
