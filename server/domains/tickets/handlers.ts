import { tickets } from '../../../src/shared/contract';
import { toFlag } from '../../../src/shared/contract/fields';
import type { TicketItem, TicketMessage } from '../../../src/shared/contract/tickets';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import type { CurrentUser } from '../../auth/current-user';
import { fail, MESSAGES } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import type { Selectable } from 'kysely';
import type { TicketsDzTable } from '../../db/schema';
import { fullName } from '../../../src/shared/domain/user-names';
import { publicUserKey } from '../../users/user-key';

type TicketRow = Selectable<TicketsDzTable>;

/** canEdit (§6): admins, the one who answers homework questions, and those who edit any homework. */
async function mayEditTickets(user: CurrentUser): Promise<boolean> {
  if (user.type === 'Админ') return true;
  const groups = await user.groups();
  return groups.has('USER_ANSWERER_DZ') || groups.has('USERS_EDIT_DZ');
}

async function ticketOrFail(db: Db, id: number): Promise<TicketRow> {
  const row = await db.selectFrom('tickets_dz').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) fail('Вопрос не найден.');
  return row;
}

async function peopleOf(db: Db, ids: Array<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, { id: number; vk_id: string | null; name: string; surname: string; user_type: string }>();
  const rows = await db.selectFrom('users').select(['id', 'vk_id', 'name', 'surname', 'user_type']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The list rows of some tickets as the caller sees them (flagWatched is per reader). */
async function presentTickets(db: Db, viewer: CurrentUser, rows: TicketRow[]): Promise<TicketItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [people, latest, views] = await Promise.all([
    peopleOf(db, rows.flatMap((row) => [row.maker_id, row.responsible_id])),
    db.selectFrom('ticket_dz_messages').select(['ticket_id', (eb) => eb.fn.max('id').as('last')]).where('ticket_id', 'in', ids).groupBy('ticket_id').execute(),
    db.selectFrom('ticket_dz_views').select(['ticket_id', 'last_mess_id']).where('user_id', '=', viewer.id).where('ticket_id', 'in', ids).execute(),
  ]);
  const lastOf = new Map(latest.map((row) => [row.ticket_id, Number(row.last)]));
  const seenOf = new Map(views.map((row) => [row.ticket_id, row.last_mess_id]));
  return rows.map((row) => {
    const maker = row.maker_id === null ? undefined : people.get(row.maker_id);
    const responsible = row.responsible_id === null ? undefined : people.get(row.responsible_id);
    const last = lastOf.get(row.id) ?? 0;
    return {
      ticketId: String(row.id),
      questName: row.name,
      taskNumber: String(row.task_num),
      lessonNumber: String(row.lesson_num),
      status: row.status === 'Закрыт' ? 'Закрыт' : 'Открыт',
      comment: row.text,
      flagWatched: toFlag(last === 0 || (seenOf.get(row.id) ?? 0) >= last),
      ticketType: row.ticket_type === 'Уникальный' ? 'Уникальный' : 'Общий',
      importance: String(row.importance),
      makerName: maker ? fullName(maker) : 'Пользователь удалён',
      userVkId: maker ? publicUserKey(maker) : '',
      responseName: responsible ? fullName(responsible) : '',
      responseVkId: responsible ? publicUserKey(responsible) : '',
      whenMade: formatMoscowDateTime(row.created_at),
    };
  });
}

async function messagesAfter(db: Db, viewer: CurrentUser, ticket: TicketRow, after: number): Promise<TicketMessage[]> {
  const rows = await db.selectFrom('ticket_dz_messages').selectAll().where('ticket_id', '=', ticket.id).where('id', '>', after).orderBy('id').limit(500).execute();
  const people = await peopleOf(db, rows.map((row) => row.user_id));
  return rows.map((row) => {
    const author = row.user_id === null ? undefined : people.get(row.user_id);
    const role = row.user_id === viewer.id ? 'Вы' : row.user_id !== null && row.user_id === ticket.responsible_id ? 'Ответственный' : author?.user_type ?? '';
    return {
      messId: String(row.id),
      comment: row.comment,
      commentDtime: formatMoscowDateTime(row.created_at),
      messMaker: author ? fullName(author) : 'Пользователь удалён',
      userVkId: author ? publicUserKey(author) : '',
      userRole: role,
    };
  });
}

async function markSeen(db: Db, ticketId: number, userId: number, lastMessId: number): Promise<void> {
  if (lastMessId === 0) return;
  await db
    .insertInto('ticket_dz_views')
    .values({ ticket_id: ticketId, user_id: userId, last_mess_id: lastMessId })
    .onConflict((oc) => oc.columns(['ticket_id', 'user_id']).doUpdateSet({ last_mess_id: lastMessId }).where('ticket_dz_views.last_mess_id', '<', lastMessId))
    .execute();
}

/** Lessons with homework and their task numbers (part 1 then part 2, numbered on). */
async function homeworkTasks(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('homeworks').select(['lesson_num', 'p1_count', 'p2_count']).where('is_probnik', '=', 0).orderBy('lesson_num').execute();
  const tasks = new Map<number, number>();
  for (const row of rows) tasks.set(row.lesson_num, Math.max(tasks.get(row.lesson_num) ?? 0, row.p1_count + row.p2_count));
  return tasks;
}

export const ticketsHandlers = [
  implement(tickets.getAvailableLessons, async (ctx) => {
    const { db } = ctx.services;
    const [tasks, asked] = await Promise.all([
      homeworkTasks(db),
      db.selectFrom('tickets_dz').select(['lesson_num', 'task_num']).distinct().orderBy('lesson_num').orderBy('task_num').execute(),
    ]);
    const taskNumsForCreateQuestion: Record<string, string[]> = {};
    for (const [lesson, count] of tasks) taskNumsForCreateQuestion[String(lesson)] = ['0', ...Array.from({ length: count }, (_, index) => String(index + 1))];
    const getLessons = [...new Set([...tasks.keys(), ...asked.map((row) => row.lesson_num)])].sort((a, b) => a - b);
    const taskNumsForGetQuestions: Record<string, string[]> = {};
    for (const lesson of getLessons) {
      const withQuestions = asked.filter((row) => row.lesson_num === lesson && row.task_num > 0).map((row) => String(row.task_num));
      taskNumsForGetQuestions[String(lesson)] = ['0', ...new Set(withQuestions)];
    }
    return {
      lessonNumsForCreateQuestion: [...tasks.keys()].map(String),
      taskNumsForCreateQuestion,
      lessonNumsForGetQuestions: getLessons.map(String),
      taskNumsForGetQuestions,
    };
  }),

  implement(tickets.makeQuestion, async (ctx, input) => {
    const { db, clock } = ctx.services;
    const now = clock.now();
    // The ticket goes to whoever answers homework questions now; without one, it waits for an admin.
    const answerer = await db.selectFrom('permission_group_members').select('user_id').where('group_name', '=', 'USER_ANSWERER_DZ').executeTakeFirst();
    const row = await db
      .insertInto('tickets_dz')
      .values({
        lesson_num: input.lessonNum,
        task_num: input.taskNum,
        ticket_type: input.type,
        importance: input.importance,
        name: input.name,
        text: input.text,
        status: 'Открыт',
        maker_id: ctx.user.id,
        responsible_id: answerer?.user_id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ticketId: String(row.id) };
  }),

  implement(tickets.questionsList, async (ctx, { lessonNum, taskNum }) => {
    const { db } = ctx.services;
    let query = db.selectFrom('tickets_dz').selectAll().where('lesson_num', '=', lessonNum);
    if (taskNum !== 0) query = query.where('task_num', '=', taskNum);
    // Open first, the urgent on top, then the newest.
    const rows = await query.orderBy('status', 'desc').orderBy('importance', 'desc').orderBy('id', 'desc').limit(500).execute();
    const items = await presentTickets(db, ctx.user, rows);
    return { questionsList: items.filter((item) => item.ticketType === 'Общий'), questionsListUnique: items.filter((item) => item.ticketType === 'Уникальный') };
  }),

  implement(tickets.supportTicketDz, async (ctx, { ticketId }) => {
    const { db } = ctx.services;
    const ticket = await ticketOrFail(db, ticketId);
    const messages = await messagesAfter(db, ctx.user, ticket, 0);
    await markSeen(db, ticket.id, ctx.user.id, Number(messages.at(-1)?.messId ?? 0));
    const [item] = await presentTickets(db, ctx.user, [ticket]);
    return { ticketDz: item!, ticketsMessDz: messages, canEdit: toFlag(await mayEditTickets(ctx.user)) };
  }),

  implement(tickets.makeMessage, async (ctx, input) => {
    const { db, clock } = ctx.services;
    const ticket = await ticketOrFail(db, input.ticketId);
    const editing = input.taskNumber !== undefined || input.ticketType !== undefined || input.importance !== undefined || input.status !== undefined;
    if (editing && !(await mayEditTickets(ctx.user))) fail(MESSAGES.forbidden);
    if (!editing && ticket.status === 'Закрыт') fail('Вопрос закрыт: откройте его, чтобы писать дальше.');
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (editing) {
        await trx
          .updateTable('tickets_dz')
          .set({
            ...(input.taskNumber !== undefined ? { task_num: input.taskNumber } : {}),
            ...(input.ticketType !== undefined ? { ticket_type: input.ticketType } : {}),
            ...(input.importance !== undefined ? { importance: input.importance } : {}),
            ...(input.status !== undefined ? { status: input.status } : {}),
            // Whoever edits the ticket answers for it from now on.
            responsible_id: ticket.responsible_id ?? ctx.user.id,
            updated_at: now,
          })
          .where('id', '=', ticket.id)
          .execute();
      }
      // Without a responsible yet, the first of the answering staff to reply takes the ticket.
      if (!editing && ticket.responsible_id === null && (await mayEditTickets(ctx.user))) {
        await trx.updateTable('tickets_dz').set({ responsible_id: ctx.user.id, updated_at: now }).where('id', '=', ticket.id).where('responsible_id', 'is', null).execute();
      }
      if (input.message !== '') {
        await trx.insertInto('ticket_dz_messages').values({ ticket_id: ticket.id, user_id: ctx.user.id, comment: input.message, created_at: now }).execute();
      }
    });
    return {};
  }),

  implement(tickets.updateMessages, async (ctx, { ticketId, lastMessId }) => {
    const { db } = ctx.services;
    const ticket = await ticketOrFail(db, ticketId);
    const newMessages = await messagesAfter(db, ctx.user, ticket, lastMessId);
    const last = Number(newMessages.at(-1)?.messId ?? lastMessId);
    await markSeen(db, ticket.id, ctx.user.id, last);
    const [item] = await presentTickets(db, ctx.user, [ticket]);
    return { newMessages, lastMessId: String(last), ticketDz: item! };
  }),
];
