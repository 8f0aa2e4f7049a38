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

/** One line of a chunk's clean text and the part of the document it comes from. */
export interface CleanBlock {
  text: string;
  /** heading; paragraph (also code and quotes); item of a list; row of a table. */
  kind: 'heading' | 'paragraph' | 'item' | 'row';
  /** Items of one list (rows of one table) share a group; other blocks have their own. */
  group: number;
}

/**
 * The blocks of a markdown document without its markup, in order: headings, paragraphs, list
 * items and table rows (cells separated by ' | '), code kept as text, HTML tags dropped. Parsed by
 * markdown-it (CommonMark + tables), not by regular expressions. The assistant quotes a list or a
 * table as a whole, so it needs to know which lines belong together.
 */
export function markdownBlocks(markdown: string): CleanBlock[] {
  const blocks: CleanBlock[] = [];
  let current = '';
  let cells: string[] | null = null;
  let group = 0;
  let listDepth = 0;
  let listGroup = 0;
  let tableGroup = 0;
  const push = (text: string, kind: CleanBlock['kind']) => {
    const line = text.replace(/[ \t]+/g, ' ').trim();
    if (!line) return;
    const inGroup = kind === 'item' ? listGroup : kind === 'row' ? tableGroup : (group += 1);
    blocks.push({ text: line, kind, group: inGroup });
  };
  let heading = false;
  const flush = () => {
    push(current, heading ? 'heading' : listDepth > 0 ? 'item' : 'paragraph');
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
        for (const line of token.content.split('\n')) push(line, listDepth > 0 ? 'item' : 'paragraph');
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        flush();
        if (listDepth === 0) listGroup = group += 1;
        listDepth += 1;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        flush();
        listDepth -= 1;
        break;
      case 'table_open':
        tableGroup = group += 1;
        break;
      case 'tr_open':
        cells = [];
        break;
      case 'tr_close':
        if (cells) push(cells.filter(Boolean).join(' | '), 'row');
        cells = null;
        break;
      case 'heading_open':
        flush();
        heading = true;
        break;
      case 'heading_close':
        flush();
        heading = false;
        break;
      case 'paragraph_close':
      case 'list_item_close':
      case 'blockquote_close':
        flush();
        break;
      default:
        break;
    }
  }
  flush();
  return blocks;
}

/** The text of a markdown document without its markup: its blocks, one a line. */
export function markdownToClean(markdown: string): string {
  return markdownBlocks(markdown)
    .map((block) => block.text)
    .join('\n');
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
