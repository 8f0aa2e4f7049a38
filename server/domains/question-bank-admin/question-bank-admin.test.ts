import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkP1, questionBankAdmin } from '../../../src/shared/contract';
import type { EditableQuestion } from '../../../src/shared/contract/question-bank-admin';
import { QUESTION_BANK_TEXTS as T } from '../../../src/shared/domain/question-bank-p1';
import type { TestClient } from '../../../tests/helpers/client';
import { JPEG_1X1, PNG_1X1 } from '../../../tests/helpers/image-fixtures';
import { grantGroup, revokeGroup } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const PNG = PNG_1X1;
const JPEG = JPEG_1X1;
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
/** Homework 6: lesson 6 is open for `student`, who has not started it. */
const HT = 6;

describe.each(testDialects)('part 1 question bank on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let curator: TestClient;
  let student: TestClient;
  const db = () => server.server.services.db;
  const get = async (questionId: number) => (await admin.call(questionBankAdmin.getQuestion, { questionId })).question;
  const save = (questionId: number, question: Partial<EditableQuestion> & Record<string, unknown>, client = admin) => client.callRaw(questionBankAdmin.saveQuestion, { questionId, question });

  async function upload(client: TestClient, data: Record<string, unknown>, file: Buffer | null, name = 'q.png') {
    const form = new FormData();
    form.append('data', JSON.stringify(await client.sign(questionBankAdmin.uploadImageQuestion.path, data)));
    if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
    const response = await fetch(server.url + questionBankAdmin.uploadImageQuestion.path, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { success: string; message: string } };
  }

  /** A valid question of each answer kind, for lesson 6. */
  const base = { questionText: 'Текст', qEgeNum: 2, qLessonNum: 6, qChapter: '', isPublished: '1' as const };
  const VALID: Record<'VARIANTS' | 'MATCH' | 'SEQUENSE' | 'WORD', Partial<EditableQuestion>> = {
    VARIANTS: { ...base, questionType: 'VARIANTS', questionAnsColumn1: ['а', 'б', 'в', 'г'], rightAnswers: ['31'] },
    MATCH: { ...base, questionType: 'MATCH', questionAnsColumn1: ['а', 'б', 'в'], questionAnsColumn2: ['x', 'y'], rightAnswers: ['122'] },
    SEQUENSE: { ...base, questionType: 'SEQUENSE', questionAnsColumn1: ['а', 'б', 'в'], rightAnswers: ['312'] },
    WORD: { ...base, questionType: 'WORD', rightAnswers: ['Ёлка', 'ель'] },
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    curator = await server.signIn('curator');
    student = await server.signIn('student');
  });
  afterAll(() => server.close());

  it('lists the bank with short texts and flags', async () => {
    const { list } = await admin.call(questionBankAdmin.getQuestionsList, {});
    const count = await db().selectFrom('questions_p1').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(list).toHaveLength(Number(count.n));
    expect(list.length).toBeGreaterThan(50);
    expect(list[0]).toMatchObject({ qId: expect.any(Number), questionType: expect.any(String), isPublished: '1', shortText: expect.stringMatching(/\S/) });
    expect(list.every((row) => !row.shortText.includes('\n'))).toBe(true);
  });

  it('opens a question with the chapters and lessons, and refuses an unknown one', async () => {
    const first = (await admin.call(questionBankAdmin.getQuestionsList, {})).list[0]!;
    const answer = await admin.call(questionBankAdmin.getQuestion, { questionId: first.qId });
    expect(answer.question.qId).toBe(first.qId);
    expect(answer.question.rightAnswers.length).toBeGreaterThan(0);
    expect(answer.chapters.length).toBeGreaterThan(0);
    expect(answer.lessons.map((lesson) => lesson.number)).toContain(6);
    expect((await admin.callRaw(questionBankAdmin.getQuestion, { questionId: 999_999 })).body).toEqual({ success: '0', message: T.notFound });
  });

  it('lets the group in and keeps everyone else out', async () => {
    expect((await curator.callRaw(questionBankAdmin.getQuestionsList, {})).body.success).toBe('1');
    for (const contract of [questionBankAdmin.getQuestionsList, questionBankAdmin.createQuestion]) {
      expect((await student.callRaw(contract, {})).status).toBe(403);
    }
    // A curator without USERS_CHANGERS_Q_P1 is refused like a student.
    await revokeGroup(server, 'curator', 'USERS_CHANGERS_Q_P1');
    try {
      const plain = await server.signIn('curator');
      expect((await plain.callRaw(questionBankAdmin.getQuestionsList, {})).status).toBe(403);
      expect((await plain.callRaw(questionBankAdmin.saveQuestion, { questionId: 1, question: VALID.WORD })).status).toBe(403);
      expect((await upload(plain, { questionId: 1 }, PNG)).status).toBe(403);
    } finally {
      await grantGroup(server, 'curator', 'USERS_CHANGERS_Q_P1');
    }
  });

  it('creates an unpublished draft that opens in the editor and is saved once valid', async () => {
    const { questionId } = await curator.call(questionBankAdmin.createQuestion, {});
    const draft = await get(questionId);
    expect(draft).toMatchObject({ qId: questionId, questionType: 'VARIANTS', questionText: '', rightAnswers: [], isPublished: '0', qEgeNum: 0 });
    const row = (await admin.call(questionBankAdmin.getQuestionsList, {})).list.find((item) => item.qId === questionId);
    expect(row).toMatchObject({ isPublished: '0', shortText: '' });
    for (const [type, question] of Object.entries(VALID)) {
      expect((await save(questionId, question, curator)).body, type).toEqual({ success: '1', message: '' });
      expect((await get(questionId)).questionType).toBe(type);
    }
    // Stored tidy: WORD answers lower case with ё → е, no options; set answers ascending.
    expect(await get(questionId)).toMatchObject({ rightAnswers: ['елка', 'ель'], questionAnsColumn1: [], isPublished: '1' });
    await save(questionId, VALID.VARIANTS);
    expect((await get(questionId)).rightAnswers).toEqual(['13']);
  });

  it('creates a question with its content in one call, and stores nothing when that content is refused (issue 26 item 6)', async () => {
    const count = async () => Number((await db().selectFrom('questions_p1').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refused = await curator.callRaw(questionBankAdmin.createQuestion, { question: { ...VALID.VARIANTS, questionText: '   ' } });
    expect(refused.body).toMatchObject({ success: '0', message: 'Введите текст вопроса', errors: { questionText: 'Введите текст вопроса' } });
    expect(await count()).toBe(before);

    const created = await curator.callRaw(questionBankAdmin.createQuestion, { question: VALID.WORD });
    expect(created.body.success).toBe('1');
    const questionId = Number(created.body.questionId);
    expect(await count()).toBe(before + 1);
    expect(await get(questionId)).toMatchObject({ questionType: 'WORD', rightAnswers: ['елка', 'ель'] });

    // The new dialog's chapters and lessons come without storing anything.
    const reference = await curator.call(questionBankAdmin.getQuestionReference, {});
    expect(reference.chapters.length).toBeGreaterThan(0);
    expect(reference.lessons[0]).toMatchObject({ number: expect.any(Number), name: expect.any(String) });
    expect((await student.callRaw(questionBankAdmin.getQuestionReference, {})).status).toBe(403);
    expect(await count()).toBe(before + 1);
  });

  it('refuses every broken rule with its Russian text and the field', async () => {
    const { questionId } = await admin.call(questionBankAdmin.createQuestion, {});
    const refused = async (question: Partial<EditableQuestion>, field: string, message: string | RegExp) => {
      const reply = await save(questionId, question);
      expect(reply.body.success, JSON.stringify(question)).toBe('0');
      expect(reply.body.message).toMatch(message);
      expect((reply.body.errors as Record<string, string>)[field]).toMatch(message);
    };
    const { VARIANTS: set, MATCH: match, SEQUENSE: sequence, WORD: word } = VALID;
    await refused({ ...set, questionType: 'ESSAY' }, 'questionType', T.unsupportedType);
    await refused({ ...set, questionText: '   ' }, 'questionText', 'Введите текст вопроса');
    await refused({ ...set, questionAnsColumn1: ['один'], rightAnswers: ['1'] }, 'questionAnsColumn1', /хотя бы два/);
    await refused({ ...set, questionAnsColumn1: ['а', ' ', 'в'] }, 'questionAnsColumn1', 'Заполните вариант №2 первого столбца');
    await refused({ ...set, rightAnswers: [] }, 'rightAnswers', 'Укажите верный ответ');
    await refused({ ...set, rightAnswers: ['113'] }, 'rightAnswers', /не должны повторяться/);
    await refused({ ...set, rightAnswers: ['15'] }, 'rightAnswers', /больше числа вариантов \(4\)/);
    await refused({ ...set, rightAnswers: ['1а'] }, 'rightAnswers', /цифрами от 1 до 9/);
    await refused({ ...match, questionAnsColumn2: ['x', ''] }, 'questionAnsColumn2', 'Заполните вариант №2 второго столбца');
    await refused({ ...match, rightAnswers: ['12'] }, 'rightAnswers', /для каждой строки первого столбца \(3\)/);
    await refused({ ...match, rightAnswers: ['123'] }, 'rightAnswers', /второго столбца \(2\)/);
    await refused({ ...sequence, rightAnswers: ['112'] }, 'rightAnswers', /от 1 до 3 ровно один раз/);
    await refused({ ...sequence, rightAnswers: ['12'] }, 'rightAnswers', /от 1 до 3 ровно один раз/);
    await refused({ ...word, rightAnswers: ['two words'] }, 'rightAnswers', /только русскими буквами/);
    await refused({ ...word, rightAnswers: ['два слова'] }, 'rightAnswers', /без пробелов/);
    await refused({ ...word, rightAnswers: ['  '] }, 'rightAnswers', 'Добавьте хотя бы одно верное слово');
    await refused({ ...set, mixRuleColumn1: [1, 2, 3] }, 'mixRuleColumn1', /от 1 до 4 ровно один раз/);
    await refused({ ...set, mixRuleColumn1: [1, 1, 2, 3] }, 'mixRuleColumn1', /от 1 до 4 ровно один раз/);
    await refused({ ...match, mixRuleColumn2: [2, 3] }, 'mixRuleColumn2', /от 1 до 2 ровно один раз/);
    await refused({ ...set, descriptions: ['1', '2', '3', '4', '5'] }, 'descriptions', /Пояснений больше/);
    await refused({ ...set, qEgeNum: 17 }, 'qEgeNum', 'Номер задания ЕГЭ — от 1 до 16');
    await refused({ ...set, qEgeNum: 0 }, 'qEgeNum', 'Номер задания ЕГЭ — от 1 до 16');
    await refused({ ...set, qLessonNum: 9999 }, 'qLessonNum', 'Урок №9999 не найден');
    await refused({ ...set, qChapter: 'Нет такого раздела' }, 'qChapter', 'Раздел не найден');
    // Shapes the contract itself refuses, and a question that does not exist.
    expect((await save(questionId, { ...set, rightAnswers: 'abc' } as never)).status).toBe(400);
    expect((await save(999_999, set)).body).toEqual({ success: '0', message: T.notFound });
    // Nothing of the refused saves was stored.
    expect(await get(questionId)).toMatchObject({ questionText: '', isPublished: '0' });
    // Valid permutations are kept.
    expect((await save(questionId, { ...match, mixRuleColumn1: [3, 1, 2], mixRuleColumn2: [2, 1] })).body.success).toBe('1');
    expect(await get(questionId)).toMatchObject({ mixRuleColumn1: [3, 1, 2], mixRuleColumn2: [2, 1] });
  });

  it('uploads a jpeg or png by its content, serves it, replaces and deletes it', async () => {
    const { questionId } = await admin.call(questionBankAdmin.createQuestion, {});
    const first = await upload(admin, { questionId }, PNG, 'picture.png');
    expect(first.status).toBe(200);
    const firstImage = String(first.body.questionImage);
    expect(firstImage).toMatch(new RegExp(`^/app/images/questions/${questionId}-[0-9a-f]{12}\\.png$`));
    expect((await get(questionId)).questionImage).toBe(firstImage);
    const served = await fetch(server.url + firstImage);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // A jpeg named .png is a jpeg; the old picture is gone.
    const second = await upload(admin, { questionId }, JPEG, 'misnamed.png');
    expect(String(second.body.questionImage)).toMatch(/\.jpg$/);
    expect((await fetch(server.url + firstImage)).status).toBe(404);
    expect((await fetch(server.url + String(second.body.questionImage))).headers.get('content-type')).toBe('image/jpeg');

    // Content decides: a gif or text with an image name is refused, and so is an oversized file.
    expect(await upload(admin, { questionId }, GIF, 'a.gif')).toMatchObject({ status: 400, body: { success: '0', message: T.imageType } });
    expect(await upload(admin, { questionId }, Buffer.from('just text'), 'fake.png')).toMatchObject({ status: 400, body: { message: T.imageType } });
    expect(await upload(admin, { questionId }, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png')).toMatchObject({ status: 413, body: { message: T.imageSize } });
    expect(await upload(admin, { questionId }, null)).toMatchObject({ status: 400, body: { success: '0' } });
    expect(await upload(admin, { questionId: 999_999 }, PNG)).toMatchObject({ status: 404, body: { message: T.notFound } });
    expect((await upload(student, { questionId }, PNG)).status).toBe(403);
    expect((await get(questionId)).questionImage).toBe(second.body.questionImage);

    // A save never changes the image, whatever it carries.
    await save(questionId, { ...VALID.VARIANTS, questionImage: '/elsewhere.png' });
    expect((await get(questionId)).questionImage).toBe(second.body.questionImage);

    // Strict names only.
    for (const path of ['/app/images/questions/..%2F..%2Fetc.png', '/app/images/questions/1.png', `/app/images/questions/${questionId}-zzzzzzzzzzzz.png`]) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }

    expect((await admin.callRaw(questionBankAdmin.deleteImageQuestion, { questionId })).body).toEqual({ success: '1', message: '' });
    expect((await get(questionId)).questionImage).toBe('');
    expect((await fetch(server.url + String(second.body.questionImage))).status).toBe(404);
    expect((await admin.callRaw(questionBankAdmin.deleteImageQuestion, { questionId })).body).toEqual({ success: '0', message: T.noData });
    expect((await student.callRaw(questionBankAdmin.deleteImageQuestion, { questionId })).status).toBe(403);
  });

  it('shows a saved edit in the next homework part 1 opening', async () => {
    const link = await db().selectFrom('homework_questions_p1').select('question_id').where('ht_num', '=', HT).where('is_dop', '=', 0).where('q_number', '=', 1).executeTakeFirstOrThrow();
    const question = await get(link.question_id);
    const { qId: _id, ...body } = question;
    const edited = { ...body, questionText: 'Изменённый текст вопроса для проверки' };
    expect((await save(link.question_id, edited)).body.success).toBe('1');
    const part = await student.call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0' });
    expect(part.questions[0]!.qJson.questionText).toBe('Изменённый текст вопроса для проверки');
  });

  it('keeps the 90+ marker through save, open and the list, and in its column', async () => {
    const { questionId } = await admin.call(questionBankAdmin.createQuestion, {});
    expect((await get(questionId)).is90Plus).toBe('0');
    expect((await save(questionId, { ...VALID.MATCH, is90Plus: '1' })).body.success).toBe('1');
    expect((await get(questionId)).is90Plus).toBe('1');
    const listed = (await admin.call(questionBankAdmin.getQuestionsList, {})).list.find((item) => item.qId === questionId);
    expect(listed).toMatchObject({ is90Plus: '1', isPublished: '1' });
    const column = async () => (await db().selectFrom('questions_p1').select(['is_90plus', 'q_json']).where('id', '=', questionId).executeTakeFirstOrThrow());
    expect((await column()).is_90plus).toBe(1);
    // The column is the only copy: the JSON body does not carry it.
    expect(JSON.parse((await column()).q_json)).not.toHaveProperty('is90Plus');
    // A save without the field clears it (the editor always sends the whole question).
    expect((await save(questionId, VALID.MATCH)).body.success).toBe('1');
    expect((await get(questionId)).is90Plus).toBe('0');
    expect((await column()).is_90plus).toBe(0);
    expect((await save(questionId, { ...VALID.MATCH, is90Plus: '2' as '1' })).body.success).toBe('0');
    // The demo bank marks its hardest questions.
    const seeded = (await admin.call(questionBankAdmin.getQuestionsList, {})).list.filter((item) => item.is90Plus === '1' && item.qId !== questionId);
    const marked = await db().selectFrom('questions_p1').select('id').where('is_90plus', '=', 1).where('id', '!=', questionId).execute();
    expect(seeded.length).toBe(marked.length);
    expect(seeded.length).toBeGreaterThanOrEqual(8);
  });
});
