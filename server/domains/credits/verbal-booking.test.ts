import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credits } from '../../../src/shared/contract';
import { CURATOR_SLOT_TEXTS as CT, VERBAL_BOOKING_TEXTS as T } from '../../../src/shared/contract/credits';
import { moscowDateKey } from '../../../src/shared/domain/moscow-time';
import { makeStudentLike, setVerbalCreditResult } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { instantOfChoice } from './verbal-booking';

describe.each(testDialects)('oral credit booking on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('shows the curator, the result with a sanitised comment and the curator\'s free times', async () => {
    const student = await server.signIn('egor');
    const egor = await db().selectFrom('users').select(['id', 'curator_zach_id']).where('login', '=', 'egor').executeTakeFirstOrThrow();
    await setVerbalCreditResult(server, egor.id, 1, { status: 'Несдан', grade: '3', commentHtml: '<b>Повтори</b> темы 3–4<script>alert(1)</script>' });
    const info = await student.call(credits.getVerbalZachetInfo, { zachetNumber: 1 });
    expect(info.zachetInfo).toEqual({
      curatorId: String(egor.curator_zach_id),
      curatorName: 'Дмитрий Андреевич Соколов',
      zachetTaken: '0',
      zachOcenka: '3',
      zachComment: '<b>Повтори</b> темы 3–4&lt;script&gt;alert(1)&lt;/script&gt;',
      lessonNum: 4,
      lessonNumbers: '1,2,3,4',
    });
    expect(info.dates.length).toBe(21);
    expect(info.dates.every((slot) => slot.availability === '1' && /^\d{2}\.\d{2}\.\d{4}$/.test(slot.date) && /^\d{2}:\d{2}:\d{2}$/.test(slot.time))).toBe(true);
    expect(info.dates[0]!.time).toBe('16:00:00');
    // A credit whose lesson is not open yet, and one that does not exist.
    expect((await student.callRaw(credits.getVerbalZachetInfo, { zachetNumber: 2 })).body).toEqual({ success: '0', message: T.closed });
    expect((await student.callRaw(credits.getVerbalZachetInfo, { zachetNumber: 77 })).body).toEqual({ success: '0', message: T.notFound });
  });

  it('books a time, moves the booking, and refuses taken, past, unknown and passed ones', async () => {
    const sofia = await server.signIn('sofia');
    const maxim = await server.signIn('maxim');
    const { dates } = await sofia.call(credits.getVerbalZachetInfo, { zachetNumber: 1 });
    const [first, second] = dates;
    await sofia.call(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: first!.choiceDateTime });
    let mine = await sofia.call(credits.getVerbalZachetInfo, { zachetNumber: 1 });
    expect(mine.dates[0]!.availability).toBe('me');
    expect((await maxim.call(credits.getVerbalZachetInfo, { zachetNumber: 1 })).dates[0]!.availability).toBe('0');
    expect((await maxim.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: first!.choiceDateTime })).body).toEqual({ success: '0', message: T.slotTaken });

    // Choosing another time frees the first one.
    await sofia.call(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: second!.choiceDateTime });
    mine = await sofia.call(credits.getVerbalZachetInfo, { zachetNumber: 1 });
    expect(mine.dates.slice(0, 2).map((slot) => slot.availability)).toEqual(['1', 'me']);

    expect((await sofia.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: '2020-01-01_16:00:00' })).body.message).toBe(T.slotPast);
    expect((await sofia.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: '2099-01-01_03:17:00' })).body.message).toBe(T.slotNotFound);
    expect((await sofia.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: '2099-02-31_16:00:00' })).body.message).toBe(T.slotNotFound);
    const bad = await sofia.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: 'завтра' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Поле "choiceDateTime"/);

    await setVerbalCreditResult(server, 'sofia', 1, { status: 'Сдан' });
    expect((await sofia.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: first!.choiceDateTime })).body.message).toBe(T.alreadyPassed);
    // Without oral credits in the tariff: refused.
    const partial = await server.signIn('partial');
    expect((await partial.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: first!.choiceDateTime })).body.message).toBe(T.noOralCredit);
  });

  it('20 students booking one time at once: exactly one gets it', async () => {
    const logins = Array.from({ length: 20 }, (_, index) => `booker${index}_${dialect}`);
    for (const login of logins) await makeStudentLike(server, 'egor', { login });
    const clients = await Promise.all(logins.map((login) => server.signIn(login)));
    const { dates } = await clients[0]!.call(credits.getVerbalZachetInfo, { zachetNumber: 1 });
    const target = dates.find((slot) => slot.availability === '1')!;
    const replies = await Promise.all(clients.map((client) => client.callRaw(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: target.choiceDateTime })));
    expect(replies.filter((reply) => reply.body.success === '1')).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.success === '0').every((reply) => reply.body.message === T.slotTaken)).toBe(true);
    const slot = await db().selectFrom('verbal_credit_slots').select('user_id').where('starts_at', '=', instantOfChoice(target.choiceDateTime)).executeTakeFirstOrThrow();
    expect(slot.user_id).not.toBeNull();
  });

  it('a curator publishes and removes times; booked ones stay; students cannot edit', async () => {
    const curator = await server.signIn('curator');
    const day = moscowDateKey(Date.now() + 10 * 24 * 3600_000);
    expect(await curator.call(credits.addVerbalSlots, { date: day, times: ['10:00', '10:30', '10:30'] })).toEqual({ added: 2 });
    expect(await curator.call(credits.addVerbalSlots, { date: day, times: ['10:00'] })).toEqual({ added: 0 });
    expect((await curator.callRaw(credits.addVerbalSlots, { date: '2020-01-01', times: ['10:00'] })).body.message).toBe(CT.past);
    expect((await curator.callRaw(credits.addVerbalSlots, { date: '2099-02-30', times: ['10:00'] })).body.message).toBe(CT.badDate);

    const ksenia = await server.signIn('ksenia');
    const choice = `${day}_10:30:00`;
    await ksenia.call(credits.verbalZachetZapis, { zachetNumber: 1, choiceDateTime: choice });
    const { slots } = await curator.call(credits.listVerbalSlots, {});
    const mine = slots.filter((slot) => slot.date === `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
    expect(mine.map((slot) => [slot.time, slot.studentName, slot.zachetNumber])).toEqual([
      ['10:00:00', '', null],
      ['10:30:00', 'Зайцева Ксения', 1],
    ]);
    expect((await curator.callRaw(credits.deleteVerbalSlot, { slotId: mine[1]!.slotId })).body).toEqual({ success: '0', message: CT.booked });
    await curator.call(credits.deleteVerbalSlot, { slotId: mine[0]!.slotId });
    expect((await curator.callRaw(credits.deleteVerbalSlot, { slotId: mine[0]!.slotId })).body.message).toBe(CT.notFound);
    // Another staff member cannot touch this curator's times.
    const admin = await server.signIn('admin');
    expect((await admin.callRaw(credits.deleteVerbalSlot, { slotId: mine[1]!.slotId })).body.message).toBe(CT.notFound);
    expect((await ksenia.callRaw(credits.listVerbalSlots, {})).body).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
  });
});
