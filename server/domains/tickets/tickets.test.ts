import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { TestClient } from '../../../tests/helpers/client';

describe.each(testDialects)('homework question tickets on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let curator: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    curator = await server.signIn('curator');
  });
  afterAll(() => server.close());

  it('offers lessons with homework and their tasks, task 0 meaning all', async () => {
    const lessons = await curator.call(tickets.getAvailableLessons, {});
    expect(lessons.lessonNumsForCreateQuestion.length).toBeGreaterThan(0);
    const first = lessons.lessonNumsForCreateQuestion[0]!;
    expect(lessons.taskNumsForCreateQuestion[first]![0]).toBe('0');
    expect(lessons.taskNumsForGetQuestions[first]).toEqual(['0']);
  });

  it('a curator asks, the admin answers and edits, the curator polls the answer', async () => {
    const { ticketId } = await curator.call(tickets.makeQuestion, { lessonNum: 1, taskNum: 2, type: 'Общий', importance: 10, name: 'Задание 2: спорный ответ', text: 'Почему не засчитан вариант 3?' });
    const listed = await admin.call(tickets.questionsList, { lessonNum: 1, taskNum: 0 });
    expect(listed.questionsList.map((item) => item.ticketId)).toContain(ticketId);
    expect(listed.questionsListUnique).toEqual([]);
    expect((await admin.call(tickets.questionsList, { lessonNum: 1, taskNum: 3 })).questionsList).toEqual([]);

    const opened = await curator.call(tickets.supportTicketDz, { ticketId });
    expect(opened).toMatchObject({ canEdit: '0', ticketsMessDz: [], ticketDz: { status: 'Открыт', importance: '10', makerName: 'Соколов Дмитрий' } });
    await curator.call(tickets.makeMessage, { ticketId, message: 'Ученик спрашивает уже второй раз' });
    const polled = await curator.call(tickets.updateMessages, { ticketId, lastMessId: 0 });
    expect(polled.newMessages.map((message) => [message.comment, message.userRole])).toEqual([['Ученик спрашивает уже второй раз', 'Вы']]);

    // The curator cannot edit; the admin can, and answers.
    expect((await curator.callRaw(tickets.makeMessage, { ticketId, message: '', status: 'Закрыт' })).body.message).toBe('Недостаточно прав для этого действия.');
    expect((await admin.call(tickets.questionsList, { lessonNum: 1, taskNum: 2 })).questionsList[0]!.flagWatched).toBe('0');
    const adminView = await admin.call(tickets.supportTicketDz, { ticketId });
    expect(adminView.canEdit).toBe('1');
    await admin.call(tickets.makeMessage, { ticketId, message: 'Вариант 3 верен, баллы добавлены' });
    const answer = await curator.call(tickets.updateMessages, { ticketId, lastMessId: Number(polled.lastMessId) });
    expect(answer.newMessages.map((message) => [message.comment, message.messMaker])).toEqual([['Вариант 3 верен, баллы добавлены', 'Миронова Ольга']]);
    await admin.call(tickets.makeMessage, { ticketId, message: '', status: 'Закрыт', ticketType: 'Уникальный', taskNumber: 3 });
    const closed = await curator.call(tickets.supportTicketDz, { ticketId });
    expect(closed.ticketDz).toMatchObject({ status: 'Закрыт', ticketType: 'Уникальный', taskNumber: '3', responseName: 'Миронова Ольга' });
    expect((await curator.callRaw(tickets.makeMessage, { ticketId, message: 'ещё вопрос' })).body.message).toMatch(/закрыт/);
  });

  it('refuses an incomplete question, an empty message and an unknown ticket', async () => {
    const incomplete = await curator.callRaw(tickets.makeQuestion, { lessonNum: 1, taskNum: 0, type: 'Общий', importance: 5, name: ' ', text: 'текст' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toMatch(/^Поле "name"/);
    expect((await curator.callRaw(tickets.makeQuestion, { lessonNum: 1, taskNum: 0, type: 'Общий', importance: 7, name: 'а', text: 'б' })).body.message).toMatch(/^Поле "importance"/);
    const empty = await curator.callRaw(tickets.makeMessage, { ticketId: 1, message: '  ' });
    expect(empty.body.message).toMatch(/^Поле "message"/);
    expect((await curator.callRaw(tickets.supportTicketDz, { ticketId: 99999 })).body).toMatchObject({ success: '0', message: 'Вопрос не найден.' });
  });
});
