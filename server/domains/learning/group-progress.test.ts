import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learning } from '../../../src/shared/contract';
import { GROUP_EXPORT_COLUMNS } from './group-export';
import { makeCurator, makeStudentLike, userIdOf, userKeyOf } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const FORBIDDEN = 'Недостаточно прав для этого действия.';

/** Issue 38 item 5: the CRM card's learning block, the «Группа» view and its xlsx export, through the calls. */
describe.each(testDialects)('curators reading the learning model on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const { db } = server.server.services;
    // Alisa (goal 90) answers everything wrong: her forecast falls far below the goal.
    await db.updateTable('learning_mastery').set({ right_weight: 0, wrong_weight: 12 }).where('user_id', '=', await userIdOf(server, 'student')).execute();
  });
  afterAll(() => server.close());

  it("gives a curator their own students' rows with the group's figures, and flags who is at risk", async () => {
    const curator = await server.signIn('curator');
    const group = await curator.call(learning.getGroupProgress, { curatorId: '' });
    const { db } = server.server.services;
    const curatorId = await userIdOf(server, 'curator');
    const own = await db.selectFrom('users').select('id').where('curator_id', '=', curatorId).where('user_type', '!=', 'Неактивный').execute();
    expect(group.students).toHaveLength(own.length);
    expect(group.curators).toEqual([]);
    expect(group.limited).toBe('0');
    for (const row of group.students) {
      expect(row.activity).toHaveLength(7);
      expect(row.curatorName).toBe('Соколов Дмитрий');
    }
    expect(group.distribution).toHaveLength(10);
    expect(group.distribution.reduce((sum, count) => sum + count, 0)).toBe(group.students.filter((row) => row.enoughData === '1').length);

    const alisa = group.students.find((row) => row.userSurname === 'Смирнова')!;
    expect(alisa.goal).toBe(90);
    expect(alisa.enoughData).toBe('1');
    expect(alisa.testScore!).toBeLessThan(80);
    expect(alisa.atRisk).toBe('1');
    expect(alisa.riskReasons).toContain('belowGoal');
    expect(alisa.weakest.length).toBeGreaterThanOrEqual(3);
    expect(alisa.weakest[0]!.mastery).toBeLessThan(50);
    expect(alisa.weakest[0]!.name).toMatch(/[А-Яа-я]/);
    // Every element she answered on is missed, so the group's list names some of hers.
    expect(group.missed.length).toBeGreaterThan(0);
    expect(group.missed[0]!.below).toBeGreaterThan(0);
    // A student without a single answer this week is at risk for that alone.
    const idle = group.students.find((row) => row.enoughData === '0')!;
    expect(idle.riskReasons).toEqual(['inactive']);
  });

  it('shows the same row on the CRM card, and refuses a student the curator does not lead', async () => {
    const curator = await server.signIn('curator');
    const card = await curator.call(learning.getStudentLearning, { userKey: await userKeyOf(server, 'student') });
    const group = await curator.call(learning.getGroupProgress, { curatorId: '' });
    expect(card.student).toEqual(group.students.find((row) => row.userVkId === card.student.userVkId));
    const stranger = await curator.callRaw(learning.getStudentLearning, { userKey: await userKeyOf(server, 'demo') });
    expect(stranger.body).toMatchObject({ success: '0', message: FORBIDDEN });
    const unknown = await curator.callRaw(learning.getStudentLearning, { userKey: 'id999999' });
    expect(unknown.body).toMatchObject({ success: '0', message: 'Пользователь не найден.' });
    const student = await server.signIn('student');
    expect((await student.callRaw(learning.getStudentLearning, { userKey: await userKeyOf(server, 'student') })).body).toMatchObject({ success: '0', message: FORBIDDEN });
    expect((await student.callRaw(learning.getGroupProgress, { curatorId: '' })).body).toMatchObject({ success: '0', message: FORBIDDEN });
  });

  it("lets an admin see everyone or one curator's group, and a curator no one else's", async () => {
    const admin = await server.signIn('admin');
    const everyone = await admin.call(learning.getGroupProgress, { curatorId: '' });
    const curatorKey = await userKeyOf(server, 'curator');
    expect(everyone.curators.map((row) => row.userVkId)).toContain(curatorKey);
    const narrowed = await admin.call(learning.getGroupProgress, { curatorId: curatorKey });
    expect(narrowed.students.length).toBeLessThanOrEqual(everyone.students.length);
    expect(narrowed.students.every((row) => row.curatorName === 'Соколов Дмитрий')).toBe(true);
    const other = await makeCurator(server);
    const curator = await server.signIn('curator');
    expect((await curator.callRaw(learning.getGroupProgress, { curatorId: other.key })).body).toMatchObject({ success: '0', message: FORBIDDEN });
    expect((await admin.callRaw(learning.getGroupProgress, { curatorId: 'id999999' })).body).toMatchObject({ success: '0', message: 'Куратор не найден.' });
  });

  it('exports the group as xlsx that reads back equal to the rows, and refuses a student', async () => {
    const curator = await server.signIn('curator');
    const group = await curator.call(learning.getGroupProgress, { curatorId: '' });
    const path = learning.exportGroupProgressXlsx.path;
    const response = await fetch(server.url + path, { method: 'POST', body: JSON.stringify(await curator.sign(path, { curatorId: '' })) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('group.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Ученики')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...GROUP_EXPORT_COLUMNS]);
    expect(sheet.rowCount - 1).toBe(group.students.length);
    const alisaRow = group.students.findIndex((row) => row.userSurname === 'Смирнова') + 2;
    expect(sheet.getRow(alisaRow).getCell(5).value).toBe(group.students[alisaRow - 2]!.testScore);
    expect(String(sheet.getRow(alisaRow).getCell(14).value)).toContain('прогноз ниже цели');
    expect(workbook.getWorksheet('Группа')!.getRow(1).values).toContain(group.students.length);
    const student = await server.signIn('student');
    expect((await fetch(server.url + path, { method: 'POST', body: JSON.stringify(await student.sign(path, { curatorId: '' })) })).status).toBe(403);
    const other = await makeCurator(server);
    expect((await fetch(server.url + path, { method: 'POST', body: JSON.stringify(await curator.sign(path, { curatorId: other.key })) })).status).toBe(403);
    expect((await fetch(server.url + path, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('answers for a group of 100 students with data within its bound (one forecast each, measured)', async () => {
    const { db } = server.server.services;
    const leader = await makeCurator(server);
    const model = await userIdOf(server, 'egor');
    const evidence = await db.selectFrom('learning_mastery').selectAll().where('user_id', '=', model).execute();
    expect(evidence.length).toBeGreaterThan(0);
    const ids: number[] = [];
    for (let index = 0; index < 100; index += 1) ids.push((await makeStudentLike(server, 'egor', { surname: `Ученик ${String(index).padStart(3, '0')}` })).id);
    await db.updateTable('users').set({ curator_id: leader.id, curator_dz_id: leader.id, curator_zach_id: leader.id }).where('id', 'in', ids).execute();
    await db.insertInto('learning_mastery').values(ids.flatMap((id) => evidence.map((row) => ({ ...row, user_id: id })))).execute();
    const client = await leader.signIn();
    await client.call(learning.getGroupProgress, { curatorId: '' });
    const started = performance.now();
    const group = await client.call(learning.getGroupProgress, { curatorId: '' });
    const elapsed = performance.now() - started;
    console.info(`group of ${group.students.length} on ${dialect}: ${elapsed.toFixed(0)} ms (${(elapsed / group.students.length).toFixed(1)} ms per student)`);
    expect(group.students).toHaveLength(100);
    expect(group.students.every((row) => row.enoughData === '1')).toBe(true);
    expect(elapsed).toBeLessThan(10_000);
  }, 120_000);
});
