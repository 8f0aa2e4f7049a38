import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, rating, shell } from '../../../src/shared/contract';
import { DEFAULT_SECONDARY_BY_PRIMARY } from '../../../src/shared/domain/exam-scale';
import { makeStudent, setHomeworkProgress } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { buyExtraLessonSection } from '../finances/extra-lessons';
import { addLedgerEntry } from '../finances/ledger';
import { DEFAULT_EXAM_PRIMARY_SCORES, examPrimaryScores } from '../../questions/question-bank';

const FORBIDDEN = { success: '0', message: 'Недостаточно прав для этого действия.' };

describe.each(testDialects)('admin settings: ЕГЭ, Zoom, Интенсив on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const changes = (name: string) =>
    server.server.services.db.selectFrom('admin_variable_changes').select(['old_value', 'new_value', 'user_id']).where('name', '=', name).orderBy('id').execute();
  const adminId = async () => (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;

  it('edits the points per task that scoring reads, validates them, and logs who changed what', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const initial = await socket.request(admin.getBallsEge, {});
    expect(initial.ballsEge).toEqual([...DEFAULT_EXAM_PRIMARY_SCORES]);
    expect(initial.comment).toContain('уже данные ответы сохраняют свои баллы');

    expect((await socket.requestRaw(admin.updateBallsEge.path, { ballsEge: [2, 11] })).message).toContain('не больше 10 баллов за задание');
    expect((await socket.requestRaw(admin.updateBallsEge.path, { ballsEge: [] })).message).toContain('нужно хотя бы одно задание');

    const next = [...DEFAULT_EXAM_PRIMARY_SCORES];
    next[0] = 3;
    await socket.request(admin.updateBallsEge, { ballsEge: next });
    expect((await socket.request(admin.getBallsEge, {})).ballsEge).toEqual(next);
    // The homework scorer reads the same variable at answer time.
    expect(await examPrimaryScores(server.server.services.db)).toEqual(next);
    // Saving the same table again changes nothing and logs nothing.
    await socket.request(admin.updateBallsEge, { ballsEge: next });
    expect(await changes('EXAM_PRIMARY_SCORES')).toEqual([{ old_value: JSON.stringify(DEFAULT_EXAM_PRIMARY_SCORES), new_value: JSON.stringify(next), user_id: await adminId() }]);
    socket.close();
  });

  it('edits the secondary scale that mock exam results are shown with', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const { secondaryBall } = await socket.request(admin.getSecondaryBall, {});
    expect(Object.keys(secondaryBall)).toHaveLength(DEFAULT_SECONDARY_BY_PRIMARY.length);
    expect(secondaryBall['58']).toBe(100);

    expect((await socket.requestRaw(admin.updateSecondaryBall.path, { secondaryBall: { '0': 0, '2': 5 } })).message).toContain('первичные баллы должны идти подряд от 0');
    expect((await socket.requestRaw(admin.updateSecondaryBall.path, { secondaryBall: { '0': 0, '1': 10, '2': 5 } })).message).toContain('вторичный балл за 2 первичных меньше, чем за 1');
    expect((await socket.requestRaw(admin.updateSecondaryBall.path, { secondaryBall: { '0': 0, '1': 101 } })).message).toContain('вторичный балл до 100');

    // A new scale: 12 primary points of a mock exam now show as 30.
    const scale = Object.fromEntries(Array.from({ length: 59 }, (_, primary) => [String(primary), Math.min(100, primary * 2 + 6 * Number(primary > 0))]));
    await socket.request(admin.updateSecondaryBall, { secondaryBall: scale });
    expect((await socket.request(admin.getSecondaryBall, {})).secondaryBall).toEqual(scale);

    await setHomeworkProgress(server, 'maxim', 10, { p1: { status: 'Готово', points: 12 }, p2: { status: 'Выполняется' } });
    const student = await (await server.signIn('maxim')).openLive();
    const { dzStatistics } = await student.request(rating.getDzStatistics, { type: 'probnik' });
    expect(dzStatistics[0]).toMatchObject({ dzNum: 10, primaryBall: 12, secondaryBall: 30 });
    student.close();
    socket.close();
  });

  it('stores the webinar data the shell builds its link from, and never sends the app secret back whole', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const conf = { number: '812 3456 7890', password: 'enot', startDatetime: '2026-12-01 18:00:00', endDatetime: '2026-12-01 19:30:00' };
    expect((await socket.requestRaw(admin.updateZoomConfData.path, { zoomConfData: { ...conf, number: '12' } })).message).toContain('номер конференции — от 9 до 12 цифр');
    expect((await socket.requestRaw(admin.updateZoomConfData.path, { zoomConfData: { ...conf, endDatetime: '2026-12-01 17:00:00' } })).message).toContain('конец вебинара позже начала');
    expect((await socket.requestRaw(admin.updateZoomConfData.path, { zoomConfData: { ...conf, startDatetime: '1 декабря' } })).message).toContain('ГГГГ-ММ-ДД ЧЧ:ММ:00');
    await socket.request(admin.updateZoomConfData, { zoomConfData: conf });
    expect((await socket.request(admin.getZoomConfData, {})).zoomConfData).toEqual({ ...conf, number: '81234567890' });
    const student = await server.signIn('student');
    expect((await student.call(shell.getWebinarLink, {})).link).toBe('https://app.zoom.us/wc/81234567890/join?pwd=enot');

    expect((await socket.request(admin.getZoomAppData, {})).zoomAppData).toBeNull();
    await socket.request(admin.updateZoomAppData, { zoomAppData: { client_id: 'abc', client_secret: 'super-secret-1234' } });
    expect((await socket.request(admin.getZoomAppData, {})).zoomAppData).toEqual({ client_id: 'abc', clientSecretMasked: '••••1234' });
    // An empty secret keeps the stored one; the change log never holds it in the clear.
    await socket.request(admin.updateZoomAppData, { zoomAppData: { client_id: 'abd', client_secret: '' } });
    const stored = await server.server.services.db.selectFrom('admin_variables').select('value').where('name', '=', 'ZOOM_APP_DATA').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toEqual({ client_id: 'abd', client_secret: 'super-secret-1234' });
    const log = await changes('ZOOM_APP_DATA');
    expect(log).toHaveLength(2);
    expect(JSON.stringify(log)).not.toContain('super-secret');
    socket.close();
  });

  it('keeps the intensive start date, refusing dates that do not exist', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    expect(await socket.request(admin.getIntensivStartDate, {})).toMatchObject({ intensivStartDate: '' });
    expect((await socket.requestRaw(admin.updateIntensivStartDate.path, { intensivStartDate: '2027-02-30' })).message).toContain('такой даты нет');
    expect((await socket.requestRaw(admin.updateIntensivStartDate.path, { intensivStartDate: '01.03.2027' })).message).toContain('дата в виде ГГГГ-ММ-ДД');
    await socket.request(admin.updateIntensivStartDate, { intensivStartDate: '2027-03-01' });
    expect((await socket.request(admin.getIntensivStartDate, {})).intensivStartDate).toBe('2027-03-01');
    socket.close();
  });

  it('prices tariffs and extra lesson sections from now on; a purchase takes the price of its moment', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const before = await socket.request(admin.getTarifs, {});
    expect(before.tarifs.map((tarif) => tarif.tarif)).toEqual(['1', '2', '3', '4', 'extra']);
    expect(before.tarifs[1]).toMatchObject({ name: 'Авторитарный', cost: 3500, costs: null });
    expect(before.tarifsRazdels).toHaveLength(6);
    expect(before.tarifs[4]!.costs!['5']).toBe(2990);

    expect((await socket.requestRaw(admin.updateTarif.path, { tarif: '2', cost: -1 })).message).toContain('цена не меньше 0');
    expect((await socket.requestRaw(admin.updateTarif.path, { tarif: 'extra', cost: 100 })).message).toContain('раздел указывается только для доп. уроков');
    expect((await socket.requestRaw(admin.updateTarif.path, { tarif: 'extra', cost: 100, razdel: 99 })).message).toBe('Такого раздела нет');

    await socket.request(admin.updateTarif, { tarif: '2', cost: 3900 });
    await socket.request(admin.updateTarif, { tarif: 'extra', cost: 3500, razdel: 5 });
    const after = await socket.request(admin.getTarifs, {});
    expect(after.tarifs[1]!.cost).toBe(3900);
    expect(after.tarifs[0]!.cost).toBe(1900);
    expect(after.tarifs[4]!.costs!['5']).toBe(3500);
    expect(await changes('EXTRA_LESSON_PRICE_5')).toEqual([{ old_value: '299000', new_value: '350000', user_id: await adminId() }]);

    const db = server.server.services.db;
    const now = server.server.services.clock.now();
    const { id } = await makeStudent(server, { login: `buyer-settings-${dialect}`, type: 'Интенсив', surname: 'Покупатель', createdAt: now });
    await addLedgerEntry(db, { userId: id, amountKopecks: 400_000, kind: 'topup', basis: 'Пополнение баланса', comment: '', orderNumber: `topup-settings-${dialect}`, createdAt: now });
    await buyExtraLessonSection(db, dialect, id, 5, now);
    const purchase = await db.selectFrom('extra_lesson_purchases').select('price_kopecks').where('user_id', '=', id).where('section_number', '=', 5).executeTakeFirstOrThrow();
    expect(purchase.price_kopecks).toBe(350_000);
    socket.close();
  });

  it('is closed to curators and students', async () => {
    for (const login of ['curator', 'student']) {
      const socket = await (await server.signIn(login)).openLive();
      expect(await socket.requestRaw(admin.getBallsEge.path, {})).toEqual(FORBIDDEN);
      expect(await socket.requestRaw(admin.updateZoomAppData.path, { zoomAppData: { client_id: 'x', client_secret: 'y' } })).toEqual(FORBIDDEN);
      socket.close();
    }
  });
});
