import { z } from 'zod';
import { access } from './access';
import { live, push } from './core';
import { intLike, safeString } from './fields';

/**
 * The AI chat (shell §2.5, §3.5, §4.3, §7.3 bot calls and push, §8.3, §9). Two bots answer from
 * the school's published knowledge base: botTheory from theory chunks, botConsultantKurs from
 * organisational ones. Questions are durable jobs; answers arrive by push. Handlers:
 * server/domains/assistant.
 */

export const BOTS = ['botConsultantKurs', 'botTheory'] as const;
export type BotId = (typeof BOTS)[number];
export const DEFAULT_BOT: BotId = 'botTheory';
export const BOT_TITLES: Record<BotId, { title: string; short: string }> = {
  botConsultantKurs: { title: 'Организационные вопросы', short: 'Орг вопросы' },
  botTheory: { title: 'Теория', short: 'Теория' },
};

/** Shell §9: at most 100 messages per bot are kept; older ones load 10 at a time. */
export const MAX_KEPT_MESSAGES = 100;
export const PAGE_OF_MESSAGES = 10;
export const QUESTION_MAX = 1000;
/** Questions a user may ask per window (all bots together). */
export const QUESTION_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;

export const MESSAGE_STATUSES = ['done', 'pending', 'streaming', 'error'] as const;

/** A source an answer cites as [n]: a published chunk the theory popup can open. */
export const botSource = z.object({ n: z.number().int(), chunkId: z.number().int(), name: z.string(), lessonNum: z.number().int(), lessonName: z.string() });
export type BotSource = z.infer<typeof botSource>;

export const botMessage = z.object({
  /** Increasing per user and bot, from 1 (shell §4.3: 'load more' needs the lowest id ≥ 2). */
  id: z.number().int(),
  message: z.string(),
  itsBot: z.enum(['0', '1']),
  /** Our additions: the answer's state (pending and streaming answers grow by push) and its sources. */
  status: z.enum(MESSAGE_STATUSES),
  sources: z.array(botSource),
  createdAt: z.number().int(),
  /** Our addition: the theory bot's answer to an organisational question names the bot to ask instead. */
  suggestBot: z.enum(BOTS).optional(),
});
export type BotMessage = z.infer<typeof botMessage>;

export const updateBotAnswer = push('/bot_consultant/update_bot_answer', {
  body: z.object({
    bot: z.enum(BOTS),
    messages: z.array(botMessage),
    /** Our addition: 'older' answers a load-more (the client prepends), otherwise messages merge by id. */
    reason: z.enum(['latest', 'older', 'update']),
  }),
});

export const triggerUpdateBotAnswer = live('/bot_consultant/trigger_update_bot_answer', {
  input: z.object({
    toBot: z.enum(BOTS),
    /** The lowest id the client holds: the 10 messages before it are pushed (load more). */
    lastId: intLike.pipe(z.number().int().min(0).max(2_000_000_000)).optional(),
    /** Messages to send again (answers still loading). Neither field: the newest page. */
    ids: z.array(intLike.pipe(z.number().int().min(1).max(2_000_000_000))).max(MAX_KEPT_MESSAGES).optional(),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const questionBot = live('/bot_consultant/question_bot', {
  input: z.object({
    question: safeString().trim().min(1, 'не заполнено').max(QUESTION_MAX, `не длиннее ${QUESTION_MAX} символов`),
    toBot: z.enum(BOTS),
  }),
  /** The id of the student's own message; the answer follows as the next id, by push. */
  output: z.object({ messageId: z.number().int() }),
  access: access.signedIn,
});

/** Answers the bots give; the §8.3 texts live in the renderer's strings. */
export const ASSISTANT_TEXTS = {
  notFound:
    'Я не нашёл ответа в базе знаний школы, поэтому не буду придумывать. Спросите, пожалуйста, своего куратора: он ответит лично.',
  excerptsIntro: 'Вот выдержки из базы знаний школы по вашему вопросу (это цитаты из теории, а не ответ куратора):',
  /** A codifier topic the school's base has no chunk for: said instead of quoting a neighbour. */
  absentTopic: (topic: string) => `В базе школы нет темы «${topic}», поэтому не буду придумывать. Спросите, пожалуйста, своего куратора: он ответит лично.`,
  failed: 'Не удалось загрузить ответ',
  /** The theory bot's answer to an organisational question; the chat offers the switch under it. */
  askOrgBot: 'Похоже, это организационный вопрос, а я отвечаю по теории. Спросите бота «Организационные вопросы»: он знает сроки, расписание и правила курса.',
  tooMany: `Слишком много вопросов подряд: не больше ${QUESTION_LIMIT.count} за 10 минут. Попробуйте чуть позже.`,
} as const;
