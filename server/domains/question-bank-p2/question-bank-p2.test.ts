import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionBankP2 as bank } from '../../../src/shared/contract';
import { CREDIT_TEXTS as C, P2_TEXTS as T } from '../../../src/shared/domain/question-bank-p2';
import { signP2ImageQuery } from '../../../src/shared/signing';
import type { LiveTestSocket, TestClient } from '../../../tests/helpers/client';
import { grantGroup } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { checkImage } from './image-check';

/** A printed page rendered by Chromium: 'ПРАВОВОЕ ГОСУДАРСТВО', a paragraph, a list. */
const PAGE_PNG = readFileSync(new URL('../../../tests/fixtures/ocr-page.png', import.meta.url));
const FORBIDDEN = { success: '0', message: 'Недостаточно прав для этого действия.' };

/** A whole 2×2 grey PNG built here (valid chunks and pixel data). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 128, 128, 0, 128, 128]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const FIELDS = {
  qQuestion: 'Приведите три примера проявления социальной функции государства.',
  qTaskNumber: 19,
  qLessonNumber: 6,
  qChapter: '',
  qMaxBall: 3,
  qCriteria: '3 балла — три примера; 2 балла — два; 1 балл — один; 0 баллов — иначе.',
  qMarkDownPoyasn: '',
  qPublic: '0' as const,
  is90Plus: '0' as const,
};

describe('part 2 image check', () => {
  it('accepts whole images and refuses forged or cut ones', async () => {
    expect(await checkImage(PAGE_PNG)).toMatchObject({ ok: true, kind: 'png' });
    expect(await checkImage(tinyPng())).toEqual({ ok: true, kind: 'png', width: 2, height: 2 });
    expect(await checkImage(PAGE_PNG.subarray(0, PAGE_PNG.length - 100))).toEqual({ ok: false, reason: 'broken' });
    expect(await checkImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toEqual({ ok: false, reason: 'broken' });
    expect(await checkImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toEqual({ ok: false, reason: 'broken' });
    expect(await checkImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toEqual({ ok: false, reason: 'type' });
    const tampered = Buffer.from(PAGE_PNG);
    tampered[40] = tampered[40]! ^ 0xff;
    expect((await checkImage(tampered)).ok).toBe(false);
  });
});

describe.each(testDialects)('part 2 and oral-credit question banks on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let socket: LiveTestSocket;
  let chapterOf6 = '';
  const db = () => server.server.services.db;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    socket = await admin.openLive();
    const { lessons } = await socket.request(bank.getChapters, {});
    chapterOf6 = lessons.find((lesson) => lesson.number === 6)!.chapter;
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  it('lists the seeded bank with criteria, gives chapters and lessons, and opens a question', async () => {
    const { questions, ocrProblem } = await socket.request(bank.getQuestionsList, {});
    expect(ocrProblem).toBe('');
    expect(questions.length).toBeGreaterThanOrEqual(18);
    expect(questions.every((row) => row.hasCriteria === '1' && row.qTaskNumber >= 17 && row.qTaskNumber <= 25)).toBe(true);
    const { chapters, lessons } = await socket.request(bank.getChapters, {});
    expect(chapters).toContain(chapterOf6);
    expect(lessons.length).toBeGreaterThan(5);
    const first = questions[0]!;
    const { question } = await socket.request(bank.getQuestion, { questionId: first.qId });
    expect(question).toMatchObject({ qId: first.qId, qQuestionImage: '', qPoyasnImage: '', qObyazDz: '1' });
    expect(question.usedInHomeworks.length).toBeGreaterThan(0);
    expect(question.qCriteria).toMatch(/балл/);
    expect((await socket.requestRaw(bank.getQuestion.path, { questionId: 999_999 })).message).toBe(T.notFound);
  });

  it('creates and edits with the spec rules, and refuses deleting a question a homework uses', async () => {
    const bad = await socket.requestRaw(bank.createQuestion.path, { question: { ...FIELDS, qTaskNumber: 0 } });
    expect(bad).toMatchObject({ success: '0', message: T.taskPositive });
    expect((await socket.requestRaw(bank.createQuestion.path, { question: { ...FIELDS, qTaskNumber: 5 } })).message).toBe(T.taskRange);
    expect((await socket.requestRaw(bank.createQuestion.path, { question: { ...FIELDS, qTaskNumber: 19 } })).message).toBe(T.chapterRequired);
    const published = { ...FIELDS, qChapter: chapterOf6, qPublic: '1' as const, qCriteria: '' };
    expect((await socket.requestRaw(bank.createQuestion.path, { question: published })).message).toBe(T.criteriaRequired);

    const { questionId } = await socket.request(bank.createQuestion, { question: { ...FIELDS, qChapter: ` ${chapterOf6} ` } });
    const created = (await socket.request(bank.getQuestion, { questionId })).question;
    expect(created).toMatchObject({ ...FIELDS, qChapter: chapterOf6, qId: questionId, qObyazDz: '0', usedInHomeworks: [] });

    await socket.request(bank.editQuestion, { question: { ...FIELDS, qId: questionId, qChapter: chapterOf6, qPublic: '1', is90Plus: '1', qMaxBall: 4 } });
    const row = await db().selectFrom('questions_p2').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    // What the part 2 training reads: published, with lesson, chapter, criteria and points.
    expect(row).toMatchObject({ is_public: 1, is_90plus: 1, lesson_num: 6, chapter: chapterOf6, max_points: 4, criteria: FIELDS.qCriteria });
    expect((await socket.requestRaw(bank.editQuestion.path, { question: { ...FIELDS, qId: questionId, qChapter: chapterOf6, qLessonNumber: 9999 } })).message).toBe(T.lessonUnknown);
    expect((await socket.requestRaw(bank.editQuestion.path, { question: { ...FIELDS, qId: 999_999, qChapter: chapterOf6 } })).message).toBe(T.notFound);

    const used = (await socket.request(bank.getQuestionsList, {})).questions[0]!.qId;
    const homeworks = (await socket.request(bank.getQuestion, { questionId: used })).question.usedInHomeworks;
    expect((await socket.requestRaw(bank.deleteQuestion.path, { questionId: used })).message).toBe(T.usedInHomework(homeworks));
    expect(await db().selectFrom('questions_p2').select('id').where('id', '=', used).executeTakeFirst()).toBeDefined();

    // A student's training answer keeps the question: deleting would lose the answer.
    const student = await db().selectFrom('users').select('id').where('user_type', '=', 'Ученик').executeTakeFirstOrThrow();
    const now = Date.now();
    const answer = await db()
      .insertInto('train_p2_answers')
      .values({ user_id: student.id, question_id: questionId, mode: 'selfCheck', user_answer: 'ответ', max_points: 4, status: 'checked', points: 2, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await socket.requestRaw(bank.deleteQuestion.path, { questionId })).message).toBe(T.usedElsewhere);
    await db().deleteFrom('train_p2_answers').where('id', '=', answer.id).execute();

    await socket.request(bank.deleteQuestion, { questionId });
    expect((await socket.requestRaw(bank.getQuestion.path, { questionId })).message).toBe(T.notFound);
  });

  it('takes images checked by content, serves published ones to anyone and unpublished ones to a signed editor', async () => {
    const { questionId } = await socket.request(bank.createQuestion, { question: { ...FIELDS, qChapter: chapterOf6 } });
    expect((await admin.upload(bank.uploadQuestionImage.path, { questionId }, Buffer.from('не картинка'), 'x.png')).body.message).toBe(T.imageType);
    expect((await admin.upload(bank.uploadQuestionImage.path, { questionId }, PAGE_PNG.subarray(0, 5000), 'x.png')).body.message).toBe(T.imageBroken);
    expect((await admin.upload(bank.uploadQuestionImage.path, { questionId: 999_999 }, tinyPng(), 'x.png')).body.message).toBe(T.notFound);
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect(await admin.upload(bank.uploadPoyasnImage.path, { questionId }, huge, 'big.png')).toMatchObject({ status: 413, body: { message: T.imageSize } });
    const student = await server.signIn('student');
    expect((await student.upload(bank.uploadQuestionImage.path, { questionId }, tinyPng(), 'x.png')).status).toBe(403);

    const uploaded = await admin.upload(bank.uploadQuestionImage.path, { questionId }, tinyPng(), 'q.png');
    expect(uploaded.body).toMatchObject({ success: '1', image: expect.stringMatching(new RegExp(`^/questions2/${questionId}\\.png\\?v=[0-9a-f]{16}$`)) });
    const poyasn = await admin.upload(bank.uploadPoyasnImage.path, { questionId }, PAGE_PNG, 'p.png');
    expect(poyasn.body.image).toMatch(new RegExp(`^/questions2/${questionId}_poyasn\\.png\\?v=`));
    const { question } = await socket.request(bank.getQuestion, { questionId });
    expect(question.qQuestionImage).toBe(uploaded.body.image);

    // Unpublished: hidden from an unsigned request, shown to the editor's signed address.
    expect((await fetch(`${server.url}/questions2/${questionId}.png`)).status).toBe(404);
    const query = await signP2ImageQuery(admin.session!, Date.now());
    const signed = await fetch(`${server.url}/questions2/${questionId}_poyasn.png?${query}`);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(PAGE_PNG)).toBe(true);
    const studentQuery = await signP2ImageQuery(student.session!, Date.now());
    expect((await fetch(`${server.url}/questions2/${questionId}.png?${studentQuery}`)).status).toBe(404);

    await socket.request(bank.editQuestion, { question: { ...FIELDS, qId: questionId, qChapter: chapterOf6, qPublic: '1' } });
    const open = await fetch(`${server.url}/questions2/${questionId}.png?r=${Math.random()}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.url}/questions2/${questionId}.png`, { headers: { 'if-none-match': open.headers.get('etag')! } })).status).toBe(304);
    for (const name of ['..%2Fsecret.png', `${questionId}.jpg`, `${questionId}_x.png`, '999999.png']) expect((await fetch(`${server.url}/questions2/${name}`)).status).toBe(404);

    // A replaced picture gets a new version and the old file is gone from storage.
    const before = (await db().selectFrom('questions_p2').select('question_image').where('id', '=', questionId).executeTakeFirstOrThrow()).question_image;
    const again = await admin.upload(bank.uploadQuestionImage.path, { questionId }, tinyPng(), 'q2.png');
    expect(again.body.image).not.toBe(uploaded.body.image);
    expect(await server.server.services.storage.readBytes(before)).toBeNull();
  });

  it('digitises one explanation in a durable job and pushes the markdown; refuses when there is nothing to read', async () => {
    const { questionId } = await socket.request(bank.createQuestion, { question: { ...FIELDS, qChapter: chapterOf6 } });
    expect((await socket.requestRaw(bank.digitizePoyasnP2.path, { questionId })).message).toBe(T.noExplanationImage);
    await admin.upload(bank.uploadPoyasnImage.path, { questionId }, PAGE_PNG, 'p.png');
    await socket.request(bank.digitizePoyasnP2, { questionId });
    const pushed = socket.waitFor((message) => message.method === bank.updateMarkdownPoyasnP2.path && (message.body as { questionId: number }).questionId === questionId, 60_000, false);
    await server.server.jobs.runDue();
    const body = bank.updateMarkdownPoyasnP2.body.parse((await pushed).body);
    expect(body.error).toBe('');
    expect(body.markdown).toContain('ПРАВОВОЕ ГОСУДАРСТВО');
    expect((await socket.request(bank.getQuestion, { questionId })).question.qMarkDownPoyasn).toBe(body.markdown);
    expect((await socket.requestRaw(bank.digitizePoyasnP2.path, { questionId })).message).toBe(T.markdownNotEmpty);
  }, 120_000);

  it('digitises many explanations with progress pushes, keeping a text typed meanwhile', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { questionId } = await socket.request(bank.createQuestion, { question: { ...FIELDS, qChapter: chapterOf6 } });
      await admin.upload(bank.uploadPoyasnImage.path, { questionId }, i === 0 ? PAGE_PNG : tinyPng(), 'p.png');
      ids.push(questionId);
    }
    // Every other waiting explanation in the bank is filled, so the run takes exactly these two.
    await db().updateTable('questions_p2').set({ explanation_markdown: 'заполнено' }).where('explanation_markdown', '=', '').where('id', 'not in', ids).execute();
    expect((await socket.request(bank.digitizeManyPoyasnP2, { toDigitize: 5 })).queued).toBe(2);
    expect((await socket.requestRaw(bank.digitizeManyPoyasnP2.path, { toDigitize: 5 })).message).toBe(T.digitizeRunning);
    const started = socket.nextPush(bank.updateInfoManyPoyasnP2);
    await socket.request(bank.triggerUpdateInfoManyPoyasnP2, {});
    expect((await started).body).toMatchObject({ totalDigitized: 0, toDigitize: 2, digitizedQuestions: [], isFinished: '0' });

    const finished = socket.waitFor((message) => message.method === bank.updateInfoManyPoyasnP2.path && (message.body as { isFinished: string }).isFinished === '1', 60_000, false);
    await server.server.jobs.runDue();
    const body = bank.updateInfoManyPoyasnP2.body.parse((await finished).body);
    // The blank 2×2 picture has no text: said so, the other is read.
    expect(body).toMatchObject({ totalDigitized: 2, toDigitize: 2, digitizedQuestions: [ids[0]], isFinished: '1' });
    expect(body.status).toMatch(new RegExp(`^Ошибки: №${ids[1]}: `));
    expect((await socket.request(bank.getQuestion, { questionId: ids[1]! })).question.digitizeError).not.toBe('');
    expect((await socket.requestRaw(bank.digitizeManyPoyasnP2.path, { toDigitize: 0 })).success).toBe('0');
  }, 120_000);

  it('keeps the oral-credit bank: list, get, create, update, delete, with the spec rules', async () => {
    const { questions, lessons } = await socket.request(bank.getCreditQuestionsList, {});
    expect(questions.length).toBeGreaterThanOrEqual(30);
    expect(lessons.length).toBeGreaterThan(5);
    const fields = { question: 'Что такое гражданское общество?', answer: 'Сфера самопроявления свободных граждан и добровольных объединений.', zachetNum: 3, lessonNum: 6, public: '1' as const, plus90: '0' as const };
    expect((await socket.requestRaw(bank.setCreditQuestion.path, { action: 'create', question: { ...fields, zachetNum: 0 } })).message).toBe(C.zachetPositive);
    expect((await socket.requestRaw(bank.setCreditQuestion.path, { action: 'create', question: { ...fields, lessonNum: -1 } })).message).toBe(C.lessonPositive);
    expect((await socket.requestRaw(bank.setCreditQuestion.path, { action: 'create', question: { ...fields, question: '  ' } })).message).toBe(C.questionRequired);
    const { id } = await socket.request(bank.setCreditQuestion, { action: 'create', question: fields });
    expect((await socket.request(bank.getCreditQuestion, { questionId: id })).question).toEqual({ ...fields, id, trainerAnswers: 0 });
    await socket.request(bank.setCreditQuestion, { action: 'update', id, question: { ...fields, plus90: '1', public: '0' } });
    expect((await socket.request(bank.getCreditQuestion, { questionId: id })).question).toMatchObject({ plus90: '1', public: '0' });
    await socket.request(bank.setCreditQuestion, { action: 'delete', id });
    expect((await socket.requestRaw(bank.getCreditQuestion.path, { questionId: id })).message).toBe(C.notFound);
    expect((await socket.requestRaw(bank.setCreditQuestion.path, { action: 'update', id, question: fields })).message).toBe(C.notFound);

    // A question students answered in the trainer is unpublished, not deleted.
    const answered = questions[0]!.id;
    const student = await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    await db().insertInto('verbal_trainer_answers').values({ user_id: student.id, question_id: answered, user_answer: 'ответ', created_at: Date.now() }).execute();
    expect((await socket.requestRaw(bank.setCreditQuestion.path, { action: 'delete', id: answered })).message).toBe(C.hasAnswers(1));
  });

  it('refuses users without the buttons and lets in the group that edits part 2 questions', async () => {
    for (const login of ['curator', 'student']) {
      const other = await (await server.signIn(login)).openLive();
      expect(await other.requestRaw(bank.getQuestionsList.path, {})).toEqual(FORBIDDEN);
      expect(await other.requestRaw(bank.getCreditQuestionsList.path, {})).toEqual(FORBIDDEN);
      expect(await other.requestRaw(bank.setCreditQuestion.path, { action: 'delete', id: 1 })).toEqual(FORBIDDEN);
      other.close();
    }
    await grantGroup(server, 'curator', 'USERS_CHANGERS_Q_P2');
    const member = await (await server.signIn('curator')).openLive();
    expect((await member.request(bank.getQuestionsList, {})).questions.length).toBeGreaterThan(0);
    expect(await member.requestRaw(bank.getCreditQuestionsList.path, {})).toEqual(FORBIDDEN);
    member.close();
  });
});

describe('part 2 bank on a server without tesseract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TESSERACT_PATH: '/nonexistent/tesseract' } });
  });
  afterAll(() => server.close());

  it('says why explanations cannot be digitised and queues nothing', async () => {
    const admin = await server.signIn('admin');
    const socket = await admin.openLive();
    const { ocrProblem, questions } = await socket.request(bank.getQuestionsList, {});
    expect(ocrProblem).toMatch(/^Распознавание текста недоступно: tesseract \(\/nonexistent\/tesseract\) не запускается/);
    const questionId = questions[0]!.qId;
    await server.server.services.db.updateTable('questions_p2').set({ explanation_markdown: '' }).where('id', '=', questionId).execute();
    await admin.upload(bank.uploadPoyasnImage.path, { questionId }, PAGE_PNG, 'p.png');
    expect((await socket.requestRaw(bank.digitizePoyasnP2.path, { questionId })).message).toBe(ocrProblem);
    expect((await socket.requestRaw(bank.digitizeManyPoyasnP2.path, { toDigitize: 3 })).message).toBe(ocrProblem);
    expect(await server.server.services.db.selectFrom('jobs').select('id').where('kind', 'like', 'questions2.%').execute()).toEqual([]);
    socket.close();
  });
});
