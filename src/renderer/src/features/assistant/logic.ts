import type { BotMessage } from '@shared/contract/assistant';
import { MAX_KEPT_MESSAGES } from '@shared/contract/assistant';

/** Merges pushed messages into the list by id (a newer state of a message replaces the older), oldest first, at most 100. */
export function mergeMessages(current: readonly BotMessage[], incoming: readonly BotMessage[]): BotMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-MAX_KEPT_MESSAGES);
}

/** shell §5: 'load more' only when the lowest stored id is at least 2 (and the server still had older ones). */
export function canLoadMore(messages: readonly BotMessage[], exhausted: boolean): boolean {
  return !exhausted && messages.length > 0 && messages[0]!.id >= 2;
}

/** Answers still being written: asked for again after a reconnect. */
export function unfinishedIds(messages: readonly BotMessage[]): number[] {
  return messages.filter((message) => message.itsBot === '1' && (message.status === 'pending' || message.status === 'streaming')).map((message) => message.id);
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'cite'; n: number };

/** Splits an answer into text and [n] citations (rendered as buttons, never as HTML). */
export function splitCitations(text: string, known: ReadonlySet<number>): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    if (!known.has(n)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'cite', n });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** shell §9: the panel locks page scroll on small screens. */
export const SMALL_SCREEN_QUERY = '(max-width: 600px), (max-width: 992px) and (max-height: 650px)';
