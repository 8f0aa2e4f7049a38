/**
 * Tesseract prints a page as lines cut where the image wrapped them. A curator edits the result as
 * markdown, so the lines are put back into paragraphs: words hyphenated across a line are joined,
 * list items ("1)", "2.", "а)", "—", "•") become markdown lists, and a short all-capitals line
 * becomes a heading. Nothing is invented: every word of the input stays in the output, in order.
 */

const NUMBERED = /^(\d{1,2})[.)]\s+(.*)$/;
const LETTERED = /^([а-яa-z])\)\s+(.*)$/i;
const BULLETED = /^[—–•·*-]\s+(.*)$/;

function isHeading(line: string): boolean {
  const letters = line.replace(/[^A-Za-zА-ЯЁа-яё]/g, '');
  return line.length <= 80 && letters.length >= 3 && letters === letters.toUpperCase() && !/[.,;:]$/.test(line);
}

/** Appends a wrapped line to the text so far: a word hyphenated at the end of a line is rejoined. */
function joinWrapped(text: string, line: string): string {
  if (text === '') return line;
  if (/[A-Za-zА-ЯЁа-яё]-$/.test(text) && /^[а-яёa-z]/.test(line)) return text.slice(0, -1) + line;
  return `${text} ${line}`;
}

export function ocrTextToMarkdown(raw: string): string {
  const lines = raw
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim());

  const blocks: string[] = [];
  let paragraph = '';
  const flush = () => {
    if (paragraph !== '') blocks.push(paragraph);
    paragraph = '';
  };

  for (const line of lines) {
    if (line === '') {
      flush();
      continue;
    }
    const numbered = NUMBERED.exec(line);
    const lettered = LETTERED.exec(line);
    const bulleted = BULLETED.exec(line);
    if (numbered || lettered || bulleted) {
      flush();
      paragraph = numbered ? `${numbered[1]}. ${numbered[2]}` : lettered ? `- ${lettered[1]}) ${lettered[2]}` : `- ${bulleted![1]}`;
      continue;
    }
    if (paragraph === '' && isHeading(line)) {
      blocks.push(`### ${line}`);
      continue;
    }
    paragraph = joinWrapped(paragraph, line);
  }
  flush();

  // List items stay together; everything else is separated by a blank line.
  let markdown = '';
  for (const [index, block] of blocks.entries()) {
    if (index > 0) {
      const bothItems = /^(\d+\.|-) /.test(block) && /^(\d+\.|-) /.test(blocks[index - 1]!);
      markdown += bothItems ? '\n' : '\n\n';
    }
    markdown += block;
  }
  return markdown;
}
