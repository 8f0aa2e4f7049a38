import MarkdownIt from 'markdown-it';

/**
 * Pure rules of the knowledge base both sides need: markdown → clean text (what the assistant
 * searches and quotes, what the card shows as 'cleaned text'), word counts and the map's colours.
 */

// HTML is parsed (so a stray tag is recognised and dropped from the clean text), never rendered here.
const cleaner = new MarkdownIt({ html: true, linkify: false, typographer: false });

type Token = ReturnType<MarkdownIt['parse']>[number];

function inlineText(children: readonly Token[] | null): string {
  let out = '';
  for (const child of children ?? []) {
    if (child.type === 'text' || child.type === 'code_inline') out += child.content;
    else if (child.type === 'softbreak') out += ' ';
    else if (child.type === 'hardbreak') out += '\n';
    else if (child.type === 'image') out += inlineText(child.children);
    // html_inline, link_open/close, em/strong marks carry no text of their own.
  }
  return out;
}

/**
 * The text of a markdown document without its markup: headings, paragraphs and list items on
 * their own lines, table cells separated by ' | ', code kept as text, HTML tags dropped.
 * Parsed by markdown-it (CommonMark + tables), not by regular expressions.
 */
export function markdownToClean(markdown: string): string {
  const lines: string[] = [];
  let current = '';
  let cells: string[] | null = null;
  const flush = () => {
    const line = current.replace(/[ \t]+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  for (const token of cleaner.parse(markdown, {})) {
    switch (token.type) {
      case 'inline':
        if (cells) cells.push(inlineText(token.children).trim());
        else current += inlineText(token.children);
        break;
      case 'fence':
      case 'code_block':
        flush();
        for (const line of token.content.split('\n')) if (line.trim()) lines.push(line.trim());
        break;
      case 'tr_open':
        cells = [];
        break;
      case 'tr_close':
        if (cells) lines.push(cells.filter(Boolean).join(' | '));
        cells = null;
        break;
      case 'paragraph_close':
      case 'heading_close':
      case 'list_item_close':
      case 'blockquote_close':
        flush();
        break;
      default:
        break;
    }
  }
  flush();
  return lines.join('\n');
}

/** Words of a text: runs of letters or digits (hyphenated words count once). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** learning-area §9: up to 39 red, up to 69 orange, up to 99 light green, 100 green. */
export type KnowledgeBand = 'red' | 'orange' | 'lightgreen' | 'green';
export function knowledgeBand(level: number): KnowledgeBand {
  if (level >= 100) return 'green';
  if (level >= 70) return 'lightgreen';
  if (level >= 40) return 'orange';
  return 'red';
}

/** Share of right answers as a whole percent, 0 when there is nothing to count. */
export function knowledgeLevel(right: number, total: number): number {
  return total <= 0 ? 0 : Math.floor((100 * right) / total);
}
