import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/**
 * Homework questions ('Вопросы по ДЗ', back-office §2.8, §3 'Question ticket', 'Ticket message', §4
 * ticket statuses, §5 creation rules, §7.1 support_ticket_dz/*). Staff with the 'curatorDzQuestions'
 * button create, read and answer tickets; canEdit (admins, the USER_ANSWERER_DZ member and
 * USERS_EDIT_DZ) also changes status, task, type and importance.
 */

const askers = access.icon('curatorDzQuestions');

export const TICKET_TYPES = ['Общий', 'Уникальный'] as const;
export const TICKET_STATUSES = ['Открыт', 'Закрыт'] as const;
/** §4: 5 'Обычная', 10 'Сверхсрочная'. */
export const TICKET_IMPORTANCE = { 5: 'Обычная', 10: 'Сверхсрочная' } as const;
/** §9: the chat polls for new messages this often. */
export const TICKET_POLL_MS = 10_000;
export const TICKET_TEXT_MAX = 5000;

const lessonNum = intLike.pipe(z.number().int().min(1, 'номер урока от 1').max(10_000, 'слишком большой номер урока'));
/** '0' means the whole homework (all tasks). */
const taskNum = intLike.pipe(z.number().int().min(0, 'номер задания от 0').max(100, 'номер задания до 100'));
const ticketId = intLike.pipe(z.number().int().min(1, 'нет такого вопроса').max(2_147_483_647, 'нет такого вопроса'));
const importance = intLike.pipe(z.union([z.literal(5), z.literal(10)], { message: 'важность 5 или 10' }));
const ticketType = z.enum(TICKET_TYPES);

export const ticketItem = z.object({
  ticketId: z.string(),
  questName: z.string(),
  taskNumber: z.string(),
  lessonNumber: z.string(),
  status: z.enum(TICKET_STATUSES),
  comment: z.string(),
  /** '1' when the caller has seen every message. */
  flagWatched: flag,
  ticketType,
  importance: z.string(),
  makerName: z.string(),
  userVkId: z.string(),
  responseName: z.string(),
  responseVkId: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm'. */
  whenMade: z.string(),
});
export type TicketItem = z.infer<typeof ticketItem>;

export const ticketMessage = z.object({
  messId: z.string(),
  comment: z.string(),
  commentDtime: z.string(),
  messMaker: z.string(),
  userVkId: z.string(),
  /** 'Вы', 'Ответственный', or the author's user type. */
  userRole: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const makeQuestion = http('/app/api/support_ticket_dz/make_question.php', {
  input: z.object({
    lessonNum,
    taskNum,
    type: ticketType,
    importance,
    name: safeString().trim().min(1, 'не заполнено').max(200, 'не длиннее 200 символов'),
    text: safeString().trim().min(1, 'не заполнено').max(TICKET_TEXT_MAX, `не длиннее ${TICKET_TEXT_MAX} символов`),
  }),
  output: z.object({ ticketId: z.string() }),
  access: askers,
});

export const questionsList = http('/app/api/support_ticket_dz/questions_list.php', {
  input: z.object({ lessonNum, taskNum: taskNum.default(0) }),
  output: z.object({ questionsList: z.array(ticketItem), questionsListUnique: z.array(ticketItem) }),
  access: askers,
});

export const supportTicketDz = http('/app/api/support_ticket_dz/support_ticket_dz.php', {
  input: z.object({ ticketId }),
  output: z.object({ ticketDz: ticketItem, ticketsMessDz: z.array(ticketMessage), canEdit: flag }),
  access: askers,
});

export const makeMessage = http('/app/api/support_ticket_dz/make_message.php', {
  input: z
    .object({
      ticketId,
      message: safeString().trim().max(TICKET_TEXT_MAX, `не длиннее ${TICKET_TEXT_MAX} символов`).default(''),
      taskNumber: taskNum.optional(),
      ticketType: ticketType.optional(),
      importance: importance.optional(),
      status: z.enum(TICKET_STATUSES).optional(),
    })
    .refine(
      (value) => value.message !== '' || value.taskNumber !== undefined || value.ticketType !== undefined || value.importance !== undefined || value.status !== undefined,
      { message: 'пустое сообщение не отправляется', path: ['message'] },
    ),
  output: z.object({}),
  access: askers,
});

export const updateMessages = http('/app/api/support_ticket_dz/update_messages.php', {
  input: z.object({ ticketId, lastMessId: intLike.pipe(z.number().int().min(0).max(2_147_483_647)).default(0) }),
  output: z.object({ newMessages: z.array(ticketMessage), lastMessId: z.string(), ticketDz: ticketItem }),
  access: askers,
});

export const getAvailableLessons = http('/app/api/support_ticket_dz/get_available_lessons.php', {
  input: noInput,
  output: z.object({
    lessonNumsForCreateQuestion: z.array(z.string()),
    /** Lesson → its task numbers. */
    taskNumsForCreateQuestion: z.record(z.string(), z.array(z.string())),
    lessonNumsForGetQuestions: z.array(z.string()),
    /** Lesson → '0' (all) and the task numbers that have questions. */
    taskNumsForGetQuestions: z.record(z.string(), z.array(z.string())),
  }),
  access: askers,
});
