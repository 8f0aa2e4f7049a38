import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standards } from '../../../src/shared/contract';
import { STANDARDS_TEXTS as T } from '../../../src/shared/domain/standards';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const HOSTILE_HTML =
  '<h2>Опоздания</h2><p onclick="window.hacked=1">Ученик предупреждает куратора заранее.</p><script>window.hacked = 1</script>' +
  '<img src="x" onerror="window.hacked=1"><a href="javascript:window.hacked=1">ссылка</a>';

describe.each(testDialects)('standards on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let curator: TestClient;
  let student: TestClient;
  let curatorId: number;
  const db = () => server.server.services.db;

  const create = async (client: TestClient, standard: Record<string, unknown>) => client.callRaw(standards.setStandard, { action: 'create', standard });
  const names = async (client: TestClient, type: 'all' | 'didnt_learn') => (await client.call(standards.getStandards, { type })).standards.map((item) => item.name);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    curator = await server.signIn('curator');
    student = await server.signIn('student');
    curatorId = (await db().selectFrom('users').select('id').where('login', '=', 'curator').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('shows the seeded standards by what each person must still learn', async () => {
    const all = (await curator.call(standards.getStandards, { type: 'all' })).standards;
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.every((item) => item.canEdit === '0')).toBe(true);
    expect(all[0]).toMatchObject({ updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const toLearn = await names(curator, 'didnt_learn');
    // Changed 3 days ago, learned 10 days ago: must be learned again; a never-learned one too.
    expect(toLearn).toContain('Сроки проверки домашних заданий');
    expect(toLearn).toContain('Разговор с учеником, который пропал');
    expect(toLearn).not.toContain('Ответ ученику в мессенджере');
    expect((await admin.call(standards.getStandards, { type: 'all' })).standards.every((item) => item.canEdit === '1')).toBe(true);
  });

  it('keeps students out and refuses unknown standards', async () => {
    expect((await student.callRaw(standards.getStandards, { type: 'all' })).status).toBe(403);
    expect((await student.callRaw(standards.standardLearned, { standardId: 1, comment: 'x' })).status).toBe(403);
    expect((await admin.callRaw(standards.getStandard, { standardId: 999_999 })).body).toEqual({ success: '0', message: T.notFound });
  });

  it('stores a description with scripts, handlers and javascript: links cleaned, the text kept', async () => {
    const reply = await create(admin, { name: 'Опоздание на занятие', process: 'Общение с учениками', link: 'https://example.ru/rules', htmlDescription: HOSTILE_HTML });
    expect(reply.body.success).toBe('1');
    const { standard } = await admin.call(standards.getStandard, { standardId: reply.body.standardId as number });
    expect(standard.htmlDescription).toContain('Ученик предупреждает куратора заранее.');
    expect(standard.htmlDescription).not.toMatch(/script|onerror|onclick|javascript/i);
    const stored = await db().selectFrom('standards').select('html_description').where('id', '=', standard.id).executeTakeFirstOrThrow();
    expect(stored.html_description).toBe(standard.htmlDescription);
    expect(standard).toMatchObject({ learnedAt: '', learnedCommentId: 0, canEdit: '1', link: 'https://example.ru/rules' });
  });

  it('drops a tracking picture from another host and keeps a picture of our own storage (issue #25 row 12)', async () => {
    const own = `${server.server.services.config.PUBLIC_URL}/app/images/books/1.png`;
    const reply = await create(admin, { name: 'Пиксель', process: 'Общение с учениками', htmlDescription: `<p>Правило</p><img src="https://tracker.example/p.png"><img src="${own}" alt="схема">` });
    expect(reply.body.success).toBe('1');
    const stored = await db().selectFrom('standards').select('html_description').where('id', '=', reply.body.standardId as number).executeTakeFirstOrThrow();
    expect(stored.html_description).toBe('<p>Правило</p><img src="/app/images/books/1.png" alt="схема" />');
  });

  it('refuses a non-web link, a description that is all script, and a create by a non-manager', async () => {
    const before = await db().selectFrom('standards').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await create(admin, { name: 'А', process: 'Общение с учениками', link: 'javascript:alert(1)' })).body).toMatchObject({ success: '0', message: T.badLink });
    expect((await create(admin, { name: 'А', process: 'Общение с учениками', htmlDescription: '<script>alert(1)</script>' })).body).toMatchObject({ success: '0', message: T.emptyDescription });
    expect((await create(curator, { name: 'А', process: 'Общение с учениками' })).body).toEqual({ success: '0', message: T.notManager });
    expect((await create(curator, { name: 'А', process: 'Новый процесс' })).body).toEqual({ success: '0', message: T.cannotCreate });
    expect((await admin.callRaw(standards.setStandard, { action: 'create' })).body).toEqual({ success: '0', message: T.standardRequired });
    const after = await db().selectFrom('standards').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('learns with a comment, shows it to the manager, and asks to learn again after a change', async () => {
    const created = await create(admin, { name: 'Проверка пробника', process: 'Проверка домашних заданий', htmlDescription: '<p>Пробник проверяется за сутки.</p>' });
    const standardId = created.body.standardId as number;
    expect(await names(curator, 'didnt_learn')).toContain('Проверка пробника');

    expect((await curator.callRaw(standards.standardLearned, { standardId, comment: '   ' })).body).toMatchObject({ success: '0', message: T.commentRequired });
    await curator.call(standards.standardLearned, { standardId, comment: 'Пробник — за 24 часа.' });
    expect((await curator.callRaw(standards.standardLearned, { standardId, comment: 'ещё раз' })).body).toEqual({ success: '0', message: T.alreadyLearned });
    expect(await names(curator, 'didnt_learn')).not.toContain('Проверка пробника');
    const mine = (await curator.call(standards.getStandard, { standardId })).standard;
    expect(mine.learnedComment).toBe('Пробник — за 24 часа.');
    expect(mine).toMatchObject({ isLearned: '1', learnedAt: expect.stringMatching(/\d/) });

    // The manager reads everyone's comments; the curator reads only their own.
    const forAdmin = (await admin.call(standards.getLearnedComments, { standardId })).comments;
    expect(forAdmin).toEqual([expect.objectContaining({ learnedComment: 'Пробник — за 24 часа.', userName: 'Соколов Дмитрий', userTgNickname: 'sokolov_curator', canEdit: '1', outdated: '0' })]);
    const latest = (await admin.call(standards.getLearnedComments, { standardId: '' })).comments;
    expect(latest[0]).toMatchObject({ learnedComment: 'Пробник — за 24 часа.', standardName: 'Проверка пробника' });
    expect(latest.length).toBeLessThanOrEqual(50);
    const curatorLatest = (await curator.call(standards.getLearnedComments, { standardId: '' })).comments;
    expect(curatorLatest.length).toBeGreaterThan(0);
    expect(curatorLatest.every((comment) => comment.userName === 'Соколов Дмитрий')).toBe(true);

    // A stale editor is refused instead of overwriting; a save with no change keeps the date.
    const loaded = (await admin.call(standards.getStandard, { standardId })).standard;
    const same = { name: loaded.name, process: loaded.process, link: loaded.link, htmlDescription: loaded.htmlDescription, updatedAt: loaded.updatedAt };
    await admin.call(standards.setStandard, { action: 'update', standardId, standard: same });
    expect(await names(curator, 'didnt_learn')).not.toContain('Проверка пробника');
    expect((await admin.callRaw(standards.setStandard, { action: 'update', standardId, standard: { ...same, htmlDescription: '<p>x</p>', updatedAt: '2020-01-01 00:00:00' } })).body).toEqual({ success: '0', message: T.changedByOther });
    expect((await curator.callRaw(standards.setStandard, { action: 'update', standardId, standard: { ...same, name: 'Чужая правка' } })).body).toEqual({ success: '0', message: T.notManager });

    await admin.call(standards.setStandard, { action: 'update', standardId, standard: { ...same, htmlDescription: '<p>Пробник проверяется за 12 часов.</p>' } });
    expect(await names(curator, 'didnt_learn')).toContain('Проверка пробника');
    const changed = (await curator.call(standards.getStandard, { standardId })).standard;
    expect(changed.htmlDescription).toBe('<p>Пробник проверяется за 12 часов.</p>');
    expect(changed).toMatchObject({ isLearned: '0', learnedAt: expect.stringMatching(/\d/) });
    expect((await admin.call(standards.getLearnedComments, { standardId })).comments[0]!.outdated).toBe('1');
    const missing = (await admin.call(standards.getUsersDidntLearnStandard, { standardId })).users;
    expect(missing).toContainEqual(expect.objectContaining({ userId: curatorId, userName: 'Соколов Дмитрий', userTgNickname: 'sokolov_curator', standardName: 'Проверка пробника' }));
    await curator.call(standards.standardLearned, { standardId, comment: 'Теперь 12 часов.' });
    expect(await names(curator, 'didnt_learn')).not.toContain('Проверка пробника');
    expect((await admin.call(standards.getLearnedComments, { standardId })).comments.map((comment) => comment.learnedComment)).toEqual(['Теперь 12 часов.', 'Пробник — за 24 часа.']);
  });

  it('cancels a learning: its author or the manager may, nobody else', async () => {
    const created = await create(admin, { name: 'Отмена изучения', process: 'Проверка домашних заданий', htmlDescription: '<p>Текст</p>' });
    const standardId = created.body.standardId as number;
    await admin.call(standards.standardLearned, { standardId, comment: 'Понятно.' });
    const adminComment = (await admin.call(standards.getStandard, { standardId })).standard.learnedCommentId;
    expect((await curator.callRaw(standards.resetStandardLearn, { learnedCommentId: adminComment })).body).toEqual({ success: '0', message: T.cannotReset });

    await curator.call(standards.standardLearned, { standardId, comment: 'Моё.' });
    const own = (await curator.call(standards.getStandard, { standardId })).standard.learnedCommentId;
    await curator.call(standards.resetStandardLearn, { learnedCommentId: own });
    expect(await names(curator, 'didnt_learn')).toContain('Отмена изучения');
    expect((await curator.call(standards.getStandard, { standardId })).standard).toMatchObject({ learnedAt: '', learnedCommentId: 0 });
    expect((await curator.callRaw(standards.resetStandardLearn, { learnedCommentId: own })).body).toEqual({ success: '0', message: T.commentNotFound });
    await admin.call(standards.resetStandardLearn, { learnedCommentId: adminComment });
    expect((await admin.call(standards.getLearnedComments, { standardId })).comments).toEqual([]);
  });

  it('manages access per process: none hides it, manager edits it, admins stay managers', async () => {
    const process = 'Устные зачёты';
    const listed = (await admin.call(standards.getUsersForProcess, { process })).processesAccess[process]!;
    expect(listed).toContainEqual({ userId: curatorId, userName: 'Соколов Дмитрий', accessType: 'Просмотр' });
    expect(listed.some((entry) => entry.userName.startsWith('Миронова'))).toBe(false);
    expect((await curator.callRaw(standards.getUsersForProcess, { process })).body).toEqual({ success: '0', message: T.notManager });
    expect((await curator.callRaw(standards.setUsersForProcess, { process, processAccess: [{ userId: curatorId, accessType: 'Менеджер' }] })).body).toEqual({ success: '0', message: T.notManager });
    expect((await admin.callRaw(standards.getUsersForProcess, { process: 'Нет такого' })).body).toEqual({ success: '0', message: T.processNotFound });
    const adminId = (await db().selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await admin.callRaw(standards.setUsersForProcess, { process, processAccess: [{ userId: adminId, accessType: 'Нет' }] })).body).toEqual({ success: '0', message: T.adminAlwaysManager });
    const studentId = (await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;
    expect((await admin.callRaw(standards.setUsersForProcess, { process, processAccess: [{ userId: studentId, accessType: 'Просмотр' }] })).body).toEqual({ success: '0', message: T.unknownUser });

    const oral = (await admin.call(standards.getStandards, { type: 'all' })).standards.find((item) => item.process === process)!;
    await admin.call(standards.setUsersForProcess, { process, processAccess: [{ userId: curatorId, accessType: 'Нет' }] });
    expect((await curator.call(standards.getStandards, { type: 'all' })).standards.some((item) => item.process === process)).toBe(false);
    expect((await curator.call(standards.getProcesses, {})).processes.some((item) => item.process === process)).toBe(false);
    expect((await curator.callRaw(standards.getStandard, { standardId: oral.id })).body).toEqual({ success: '0', message: T.noProcessAccess });
    expect((await admin.call(standards.getUsersDidntLearnStandard, { standardId: oral.id })).users.some((user) => user.userId === curatorId)).toBe(false);

    await admin.call(standards.setUsersForProcess, { process, processAccess: [{ userId: curatorId, accessType: 'Менеджер' }] });
    const mine = (await curator.call(standards.getStandards, { type: 'all' })).standards;
    // Editable standards come first, so the §2.3 create rule sees an editable first item.
    expect(mine[0]).toMatchObject({ process, canEdit: '1' });
    expect((await curator.call(standards.getProcesses, {})).processes).toContainEqual({ process, accessType: 'Менеджер' });
    expect((await curator.call(standards.getUsersForProcess, { process })).processesAccess[process]).toContainEqual({ userId: curatorId, userName: 'Соколов Дмитрий', accessType: 'Менеджер' });
    const made = await create(curator, { name: 'Пересдача зачёта', process, htmlDescription: '<p>Не раньше чем через два дня.</p>' });
    expect(made.body.success).toBe('1');
    // As a manager of one process the curator may start a new one and manages it.
    const started = await create(curator, { name: 'Первый стандарт', process: 'Вебинары', htmlDescription: '<p>Текст</p>' });
    expect(started.body.success).toBe('1');
    expect((await curator.call(standards.getProcesses, {})).processes).toContainEqual({ process: 'Вебинары', accessType: 'Менеджер' });
    // The curator (not a manager elsewhere) sees who has not learned only in the managed processes.
    const missing = (await curator.call(standards.getUsersDidntLearnStandard, { standardId: 'all' })).users;
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((user) => user.standardProcess === process || user.standardProcess === 'Вебинары')).toBe(true);
  });

  it('removes a standard for its manager only; it disappears from every list', async () => {
    const created = await create(admin, { name: 'Устаревшее правило', process: 'Оплаты и финансы', htmlDescription: '<p>Старое</p>' });
    const standardId = created.body.standardId as number;
    expect((await curator.callRaw(standards.setStandard, { action: 'delete', standardId })).body).toEqual({ success: '0', message: T.notManager });
    expect((await admin.callRaw(standards.setStandard, { action: 'delete' })).body).toEqual({ success: '0', message: T.standardIdRequired });
    await admin.call(standards.setStandard, { action: 'delete', standardId });
    expect(await names(admin, 'all')).not.toContain('Устаревшее правило');
    expect(await names(curator, 'didnt_learn')).not.toContain('Устаревшее правило');
    expect((await admin.callRaw(standards.getStandard, { standardId })).body).toEqual({ success: '0', message: T.notFound });
    // The row stays (soft delete): learned comments about it are never lost.
    expect((await db().selectFrom('standards').select('deleted_at').where('id', '=', standardId).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
  });
});
