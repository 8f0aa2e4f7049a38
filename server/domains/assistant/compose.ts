import { ASSISTANT_TEXTS, type BotSource } from '../../../src/shared/contract/assistant';
import type { ChatTurn } from '../../providers/chat-model';
import type { RetrievedAnswer, RetrievedChunk } from '../knowledge/retrieval';

/**
 * What the bots say: the local default quotes the best passages with their chunk names and
 * lessons; with a chat model, the prompt gives it only the retrieved chunks and asks for [n]
 * citations. Pure functions, so the wording is tested without a server.
 */

export function sourceOf(chunk: RetrievedChunk, n: number): BotSource {
  return { n, chunkId: chunk.chunkId, name: chunk.name, lessonNum: chunk.lessonNum, lessonName: chunk.lessonName };
}

function whereFrom(chunk: RetrievedChunk): string {
  return chunk.lessonNum > 0 ? `«${chunk.name}», урок ${chunk.lessonNum}${chunk.lessonName ? ` «${chunk.lessonName}»` : ''}` : `«${chunk.name}»`;
}

/**
 * A chunk's text inside a message: a formatting tag of its own (the chat keeps <b>, <i>, <u>, <s>,
 * shell §5) is shown as text, so only our bold is bold. Other '<' already show as typed.
 */
function asMessageText(text: string): string {
  return text.replace(/<(?=\/?(?:b|strong|i|em|u|s|strike|del)\s*>)/gi, '‹');
}

/** The answer without a model: an honest set of excerpts, each cited, the chunk it comes from in bold. */
export function excerptsAnswer(chunks: readonly RetrievedChunk[]): string {
  if (chunks.length === 0) return ASSISTANT_TEXTS.notFound;
  const parts = chunks.map((chunk, index) => `[${index + 1}] <b>${asMessageText(whereFrom(chunk))}</b>:\n«${asMessageText(chunk.passage)}»`);
  return `${ASSISTANT_TEXTS.excerptsIntro}\n\n${parts.join('\n\n')}`;
}

/** What the bot says when the base holds nothing for a question: the topic it lacks, if it knows it. */
export function nothingFoundAnswer(found: Pick<RetrievedAnswer, 'absentTopic'>): string {
  return found.absentTopic ? ASSISTANT_TEXTS.absentTopic(found.absentTopic) : ASSISTANT_TEXTS.notFound;
}

/** The local default's whole answer to what retrieval found. */
export function localAnswer(found: RetrievedAnswer): string {
  return found.chunks.length > 0 ? excerptsAnswer(found.chunks) : nothingFoundAnswer(found);
}

const SYSTEM_PROMPT = [
  'Ты помощник онлайн-школы подготовки к ЕГЭ по обществознанию. Отвечай по-русски, кратко и понятно школьнику.',
  'Отвечай ТОЛЬКО по источникам из базы знаний школы, которые даны в сообщении. Ничего не добавляй от себя и не придумывай.',
  'После каждого утверждения ставь ссылку на источник в квадратных скобках: [1], [2].',
  'Если в источниках нет ответа на вопрос, ответь ровно так: «Я не нашёл ответа в базе знаний школы. Спросите, пожалуйста, своего куратора.»',
  'Для выделения используй только теги <b>, <i>, <u> и <s>; другой HTML и разметку markdown не используй.',
].join('\n');

/** The conversation a chat model gets: the rules, then the numbered sources and the question. */
export function modelPrompt(question: string, chunks: readonly RetrievedChunk[]): ChatTurn[] {
  const sources = chunks.map((chunk, index) => `[${index + 1}] ${whereFrom(chunk)}\n${chunk.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Источники:\n${sources}\n\nВопрос ученика: ${question}` },
  ];
}

/** Sources a model's answer actually cites ([n]); all of them when it cites none it was given. */
export function citedSources(answer: string, chunks: readonly RetrievedChunk[]): BotSource[] {
  const all = chunks.map((chunk, index) => sourceOf(chunk, index + 1));
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  const used = all.filter((source) => cited.has(source.n));
  return used.length > 0 ? used : /не нашёл ответа/i.test(answer) ? [] : all;
}

/** Markdown bold a model writes despite the prompt (**слово**), as the chat's bold tag. */
export function markdownBoldAsTags(answer: string): string {
  return answer.replace(/\*\*([^*\n]+)\*\*/g, '<b>$1</b>');
}
