import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course, homeworkP2 } from '../../../src/shared/contract';
import { P2_TEXTS as T } from '../../../src/shared/contract/homework-p2';
import { editUser, setHomeworkRules } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const HT = 3; // lesson 3: open for the demo student, part 1 started, part 2 untouched.

describe.each(testDialects)('homework part 2 on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('opens the work, saves drafts from the owning tab and answers 22 to another tab unless forced', async () => {
    const laptop = await server.signIn('student');
    const phone = await server.signIn('student');
    const opened = await laptop.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    expect(opened.htStatusP2).toBe('Выполняется');
    expect(opened.htInfo).toMatchObject({ htNum: HT, qNumsP2: 2, htUserMaxballovP2: 6, htUserBallovP2: null, mistakeWorkP2: '0', lessonNum: 3 });
    expect(opened.questions.map((q) => [q.qNumber, q.q2ObyazDz, q.userAnswer])).toEqual([
      [1, '1', ''],
      [2, '1', ''],
    ]);

    const draft = 'Первый аргумент: цены снижаются, потому что продавцы борются за покупателя.';
    await laptop.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: draft }], markSave: 'TabAAA' });
    // The phone opens the work later: it becomes the owner; the laptop's next save gets '22'.
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabBBB' });
    const refused = await laptop.callRaw(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: draft + ' Второй.' }], markSave: 'TabAAA' });
    expect(refused.body).toMatchObject({ success: '22', message: T.otherDevice });
    expect((await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabBBB' })).questions[0]!.userAnswer).toBe(draft);
    // Forcing takes the work over; the phone is now the one refused.
    await laptop.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: draft + ' Второй.' }], markSave: 'TabAAA', forceSave: '1' });
    const phoneRefused = await phone.callRaw(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 2, user_answer: 'x' }], markSave: 'TabBBB' });
    expect(phoneRefused.body.success).toBe('22');
    const reread = await laptop.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    expect(reread.questions[0]!.userAnswer).toBe(draft + ' Второй.');
    // Several answers in one save land together; a question sent twice keeps its last answer.
    await laptop.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 2, user_answer: 'черновик' }, { q_number: 1, user_answer: draft }, { q_number: 2, user_answer: 'итог' }], markSave: 'TabAAA' });
    const both = await laptop.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    expect(both.questions.map((question) => question.userAnswer)).toEqual([draft, 'итог']);
    await laptop.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 2, user_answer: '' }], markSave: 'TabAAA' });
  });

  it('refuses to submit with an empty mandatory answer, then submits and locks the work', async () => {
    const student = await server.signIn('student');
    expect((await student.callRaw(homeworkP2.endHtP2, { htNum: HT })).body).toEqual({ success: '0', message: T.mandatoryEmpty.replace('{nums}', '2') });
    await student.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 2, user_answer: 'Доходы, цены заменителей, ожидания покупателей.' }], markSave: 'TabAAA' });
    await student.call(homeworkP2.endHtP2, { htNum: HT });
    const done = await student.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    expect(done.htStatusP2).toBe('Готово');
    expect(done.htInfo.htUserDateP2).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(done.htInfo.isLate).toBe('0');
    expect((await student.callRaw(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 2, user_answer: 'позже' }], markSave: 'TabAAA' })).body).toEqual({ success: '0', message: T.notEditable });
    const card = await student.call(course.getLessonCard, { lessonNum: HT });
    expect(card.homeTasks[0]!.ht_user_status_p2).toBe('Готово');
  });

  it('flags a late submission', async () => {
    const egor = await server.signIn('egor');
    await setHomeworkRules(server, 5, { deadlineAt: Date.now() + 60_000 });
    await egor.call(homeworkP2.getHtP2Camel, { htNum: 5, markSave: 'Egor01' });
    await egor.call(homeworkP2.saveHtP2New, { htNum: 5, questions: [{ q_number: 1, user_answer: 'Ответ 1' }, { q_number: 2, user_answer: 'Ответ 2' }], markSave: 'Egor01' });
    await setHomeworkRules(server, 5, { deadlineAt: Date.now() - 1 });
    await egor.call(homeworkP2.endHtP2, { htNum: 5 });
    expect((await egor.call(homeworkP2.getHtP2Camel, { htNum: 5, markSave: 'Egor01' })).htInfo.isLate).toBe('1');
  });

  it('shows the seeded check and starts mistake work that keeps the old answer read-only', async () => {
    // Mistake work belongs to some tariffs only: first without it.
    await editUser(server, 'student', { withMistakeWork: '0' });
    const student = await server.signIn('student');
    const checked = await student.call(homeworkP2.getHtP2Camel, { htNum: 1, markSave: 'TabCCC' });
    expect(checked.htStatusP2).toBe('Проверен');
    expect(checked.htInfo.htUserBallovP2).toBe(5);
    expect(checked.htInfo.htUserChecker).not.toBe('');
    const curator = await db().selectFrom('users').select(['surname', 'name']).where('login', '=', 'curator').executeTakeFirstOrThrow();
    expect(checked.htInfo.htUserCheckerName).toBe(`${curator.surname} ${curator.name}`);
    expect(checked.questions.every((q) => q.isChecked === '1' && q.teacherComment !== '' && q.userBall !== null)).toBe(true);
    expect(checked.htInfo.isAvailableMistakeWork).toBe('0');
    expect((await student.callRaw(homeworkP2.htToMistakeWorkP2, { htNum: 1 })).body).toEqual({ success: '0', message: T.mistakeWorkUnavailable });

    await editUser(server, 'student', { withMistakeWork: '1' });
    const again = await server.signIn('student');
    await again.call(homeworkP2.htToMistakeWorkP2, { htNum: 1 });
    const work = await again.call(homeworkP2.getHtP2Camel, { htNum: 1, markSave: 'TabCCC' });
    expect(work.htStatusP2).toBe('Выполняется');
    expect(work.htInfo.mistakeWorkP2).toBe('1');
    const old = work.questions[0]!.userOldAnswer;
    expect(old).not.toBe('');
    expect((await again.callRaw(homeworkP2.saveHtP2New, { htNum: 1, questions: [{ q_number: 1, user_answer: 'переписал всё' }], markSave: 'TabCCC' })).body).toEqual({ success: '0', message: T.oldAnswerKept });
    await again.call(homeworkP2.saveHtP2New, { htNum: 1, questions: [{ q_number: 1, user_answer: `${old}\n\nДополнение: пример с налоговым законом.` }], markSave: 'TabCCC' });
  });

  it('runs a self-check: scores 0..max per task, then the work is checked with their sum', async () => {
    await setHomeworkRules(server, 4, { p2SelfCheck: true });
    const student = await server.signIn('student');
    await student.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'SelfCk' });
    await student.call(homeworkP2.saveHtP2New, { htNum: 4, questions: [{ q_number: 1, user_answer: 'Налоги растут.' }, { q_number: 2, user_answer: 'Функции налогов…' }], markSave: 'SelfCk' });
    await student.call(homeworkP2.endHtP2, { htNum: 4 });
    expect((await student.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'SelfCk' })).htStatusP2).toBe('Самопров');
    const socket = await student.openLive();
    const over = await socket.requestRaw(homeworkP2.setSelfcheckResultHtP2.path, { dzNum: 4, taskNum: 1, checkComment: '', checkBall: 9 });
    expect(over).toMatchObject({ success: '0', message: T.overMax.replace('{max}', '3') });
    const negative = await socket.requestRaw(homeworkP2.setSelfcheckResultHtP2.path, { dzNum: 4, taskNum: 1, checkComment: '', checkBall: -1 });
    expect(negative.success).toBe('0');
    await socket.request(homeworkP2.setSelfcheckResultHtP2, { dzNum: 4, taskNum: 1, checkComment: 'Не хватило примера', checkBall: 2 });
    await socket.request(homeworkP2.setSelfcheckResultHtP2, { dzNum: 4, taskNum: 2, checkComment: '', checkBall: 5 });
    socket.close();
    const result = await student.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'SelfCk' });
    expect(result.htStatusP2).toBe('Проверен');
    expect(result.htInfo.htUserBallovP2).toBe(7);
  });

  it('refuses closed lessons, unknown homework, bad tab ids and unknown questions', async () => {
    const student = await server.signIn('student');
    expect((await student.callRaw(homeworkP2.getHtP2Camel, { htNum: 8, markSave: 'TabAAA' })).body).toMatchObject({ success: '0' });
    expect((await student.callRaw(homeworkP2.getHtP2Camel, { htNum: 999, markSave: 'TabAAA' })).body).toMatchObject({ success: '0' });
    expect((await student.callRaw(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'bad tab' })).body.success).toBe('0');
    await student.call(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'TabDDD' });
    expect((await student.callRaw(homeworkP2.saveHtP2New, { htNum: 6, questions: [{ q_number: 7, user_answer: 'x' }], markSave: 'TabDDD' })).body).toEqual({ success: '0', message: T.unknownQuestion });
  });
});
