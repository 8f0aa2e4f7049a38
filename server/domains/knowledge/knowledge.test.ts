import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledge } from '../../../src/shared/contract';
import type { LiveTestSocket, TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { DEMO_ORG_CHUNKS } from '../../db/seed/knowledge-org';
import { DEMO_COURSE } from '../../db/seed/demo-course-content';
import { EXPORT_COLUMNS } from './export-xlsx';

/** Theory of the demo course package. */
const DEMO_THEORY_CHUNKS = DEMO_COURSE.theory;

describe.each(testDialects)('knowledge base on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminLive: LiveTestSocket;
  let student: TestClient;
  let studentLive: LiveTestSocket;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    adminLive = await admin.openLive();
    student = await server.signIn('student');
    studentLive = await student.openLive();
  });
  afterAll(async () => {
    adminLive.close();
    studentLive.close();
    await server.close();
  });

  it('seeds the demo base published: 40+ theory chunks with questions, 10+ organisational ones', async () => {
    const all = await adminLive.request(knowledge.getChunks, { page: 1, limit: 100, filter90Plus: 'all' });
    expect(all.total).toBe(DEMO_THEORY_CHUNKS.length + DEMO_ORG_CHUNKS.length);
    expect(all.chunks.filter((chunk) => chunk.kind === 'theory').length).toBeGreaterThanOrEqual(40);
    expect(all.chunks.filter((chunk) => chunk.kind === 'org').length).toBeGreaterThanOrEqual(10);
    for (const chunk of all.chunks.filter((item) => item.kind === 'theory')) {
      const { questions } = await adminLive.request(knowledge.getQuestionsForChunk, { chunkId: chunk.chunkId });
      expect(questions.length, chunk.name).toBeGreaterThan(0);
      expect(chunk.numWords).toBeGreaterThan(40);
      expect(chunk.answerTextClean).not.toMatch(/\*\*|^#/m);
    }
    const plus = await adminLive.request(knowledge.getChunks, { page: 1, limit: 10, filter90Plus: '90plus' });
    expect(plus.total).toBe(DEMO_THEORY_CHUNKS.filter((chunk) => chunk.plus90).length);
    expect(plus.chunks.every((chunk) => chunk['90plus'] === '1')).toBe(true);
    const page2 = await adminLive.request(knowledge.getChunks, { page: 2, limit: 10, filter90Plus: 'all' });
    expect(page2.chunks[0]!.chunkId).toBe(all.chunks[10]!.chunkId);
    const grid = await studentLive.request(knowledge.getKnowledgeGrid, { mapType: '90-' });
    expect(grid.knowledgeGrid.length).toBe(DEMO_THEORY_CHUNKS.filter((chunk) => !chunk.plus90).length);
  });

  it('edits a chunk (clean text and word count computed on the server), shows the change only after publishing', async () => {
    const { chunk } = await adminLive.request(knowledge.createChunk, {});
    expect(chunk.name).toBe('Новый чанк');
    const edited = await adminLive.request(knowledge.editChunk, {
      chunkId: chunk.chunkId,
      chunk: { name: 'Рынок труда', lessonNum: 3, answerText: '## Рынок труда\n\nЦена труда — **заработная плата**.', answerTextClean: 'подделка клиента' },
    });
    expect(edited.chunk.answerTextClean).toBe('Рынок труда\nЦена труда — заработная плата.');
    expect(edited.chunk.numWords).toBe(6);
    const grid = async () => (await studentLive.request(knowledge.getKnowledgeGrid, { mapType: '90-' })).knowledgeGrid.map((cell) => cell.id);
    expect(await grid()).not.toContain(chunk.chunkId);
    // A question for the new chunk: a draft linked to it, removed again when unlinked.
    const { questionId } = await adminLive.request(knowledge.setTheoryQuestion, { method: 'create', chunkId: chunk.chunkId });
    expect((await adminLive.request(knowledge.getQuestionsForChunk, { chunkId: chunk.chunkId })).questions.map((q) => q.qId)).toEqual([questionId]);
    const stored = JSON.parse((await adminLive.request(knowledge.getTheoryQuestion, { questionId })).question.qQuestion) as { questionType: string; qLessonNum: number };
    expect(stored).toMatchObject({ questionType: 'VARIANTS', qLessonNum: 3 });
    await adminLive.request(knowledge.setTheoryQuestion, { method: 'delete', questionId, chunkId: chunk.chunkId });
    expect((await adminLive.request(knowledge.getQuestionsForChunk, { chunkId: chunk.chunkId })).questions).toEqual([]);
    expect((await adminLive.requestRaw(knowledge.getTheoryQuestion.path, { questionId })).message).toBe('Вопрос не найден');

    const published = await adminLive.request(knowledge.publishChunks, {});
    expect(published.published).toBe(DEMO_THEORY_CHUNKS.length + DEMO_ORG_CHUNKS.length + 1);
    expect(await grid()).toContain(chunk.chunkId);
    const theory = await studentLive.request(knowledge.getTheoryChunk, { chunkId: chunk.chunkId });
    expect(theory.theory.markdownText).toContain('**заработная плата**');

    await adminLive.request(knowledge.deleteChunk, { chunkId: chunk.chunkId });
    expect((await adminLive.requestRaw(knowledge.editChunk.path, { chunkId: chunk.chunkId, chunk: { name: 'x' } })).message).toBe('Чанк не найден');
    // Still published until the next publish.
    expect(await grid()).toContain(chunk.chunkId);
    await adminLive.request(knowledge.publishChunks, {});
    expect(await grid()).not.toContain(chunk.chunkId);
  });

  it('refuses bad edits with a message and keeps students out of the editor', async () => {
    const reply = await adminLive.requestRaw(knowledge.editChunk.path, { chunkId: 1, chunk: { lessonNum: 999 } });
    expect(reply).toMatchObject({ success: '0', message: 'Урока №999 нет в курсе' });
    const denied = await studentLive.requestRaw(knowledge.getChunks.path, {});
    expect(denied).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
    const badJson = await adminLive.requestRaw(knowledge.setTheoryQuestion.path, { method: 'update', questionId: 1, qQuestion: '[1,2]' });
    expect(badJson.message).toBe('Вопрос должен быть объектом JSON');
  });

  it('cleans markdown on request and refuses what does not exist', async () => {
    const clean = await adminLive.request(knowledge.markdownToClean, { markdown: '# Заголовок\n\n- пункт **один**\n- пункт два' });
    expect(clean).toMatchObject({ cleanText: 'Заголовок\nпункт один\nпункт два', numWords: 5 });
    const tooLong = await adminLive.requestRaw(knowledge.markdownToClean.path, { markdown: 'а'.repeat(50_001) });
    expect(tooLong.message).toMatch(/^Поле "markdown"/);
    for (const [contract, input] of [
      [knowledge.deleteChunk, { chunkId: 999_999 }],
      [knowledge.getQuestionsForChunk, { chunkId: 999_999 }],
    ] as const) expect((await adminLive.requestRaw(contract.path, input)).message).toBe('Чанк не найден');
    for (const [contract, input] of [
      [knowledge.getKnowledgeChunk, { chunkId: 999_999 }],
      [knowledge.getTheoryChunk, { chunkId: 999_999 }],
      [knowledge.getKnowledgeQuestions, { chunkId: 999_999, startTest: '1' }],
    ] as const) expect((await studentLive.requestRaw(contract.path, input)).message).toBe('Чанк не найден');
    expect((await adminLive.requestRaw(knowledge.setTheoryQuestion.path, { method: 'create', chunkId: 1, questionId: 999_999 })).message).toBe('Вопрос не найден');
  });

  it('runs a chunk test scored by the question engine and colours the cell from the result', async () => {
    const grid = (await studentLive.request(knowledge.getKnowledgeGrid, { mapType: '90-' })).knowledgeGrid;
    const cell = grid[0]!;
    const info = await studentLive.request(knowledge.getKnowledgeChunk, { chunkId: cell.id });
    expect(info.qCount).toBeGreaterThan(0);
    expect(info.lessonName).not.toBe('');
    const started = await studentLive.request(knowledge.getKnowledgeQuestions, { chunkId: cell.id, startTest: '1' });
    expect(started.testStatus).toBe('Выполняется');
    expect(started.questions.every((q) => q.isRightAnswer === '' && q.question.q_answer === '')).toBe(true);
    // The right answers, read from the database as the engine stores them (canonical = original numbering).
    const rows = await server.server.services.db.selectFrom('questions_p1').select(['id', 'q_json']).where('id', 'in', started.questions.map((q) => q.qId)).execute();
    const rightOf = new Map(rows.map((row) => [row.id, (JSON.parse(row.q_json) as { rightAnswers: string[]; mixRuleColumn1?: number[] }).rightAnswers[0]!]));
    const first = started.questions[0]!;
    const unmixed = rows.find((row) => row.id === first.qId)!;
    const mix = (JSON.parse(unmixed.q_json) as { mixRuleColumn1?: number[] }).mixRuleColumn1 ?? [];
    if (mix.length === 0) {
      await studentLive.request(knowledge.switchKnowledgeQuestion, { chunkId: cell.id, qId: first.qId, userAnswer: rightOf.get(first.qId)!, finishTest: '0' });
    }
    const bad = await studentLive.requestRaw(knowledge.switchKnowledgeQuestion.path, { chunkId: cell.id, qId: 999_999, userAnswer: '1', finishTest: '0' });
    expect(bad.message).toBe('Этого вопроса нет в тесте');
    const last = started.questions[started.questions.length - 1]!;
    await studentLive.request(knowledge.switchKnowledgeQuestion, { chunkId: cell.id, qId: last.qId, userAnswer: '', finishTest: '1' });
    const result = await studentLive.request(knowledge.getKnowledgeQuestions, { chunkId: cell.id, startTest: '0' });
    expect(result.testStatus).toBe('Готово');
    const right = result.questions.filter((q) => q.isRightAnswer === '1').length;
    expect(right).toBe(mix.length === 0 && first.qId !== last.qId ? 1 : 0);
    expect(result.questions.every((q) => q.question.q_answer !== '')).toBe(true);
    const after = await studentLive.request(knowledge.getKnowledgeChunk, { chunkId: cell.id });
    expect(after.knowLevel).toBe(Math.floor((100 * right) / result.questions.length));
    // Answering after the end is refused.
    const closed = await studentLive.requestRaw(knowledge.switchKnowledgeQuestion.path, { chunkId: cell.id, qId: first.qId, userAnswer: '1', finishTest: '0' });
    expect(closed.message).toBe('Тест не запущен, начните его заново');
  });

  it('exports the working base as xlsx that reads back equal to the chunks', async () => {
    const path = knowledge.exportChunksXlsx.path;
    const response = await fetch(server.url + path, { method: 'POST', body: JSON.stringify(await admin.sign(path, { filter90Plus: 'all' })) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('file.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...EXPORT_COLUMNS]);
    const { chunks, total } = await adminLive.request(knowledge.getChunks, { page: 1, limit: 100, filter90Plus: 'all' });
    expect(sheet.rowCount - 1).toBe(total);
    for (const [index, chunk] of chunks.entries()) {
      const row = sheet.getRow(index + 2);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value, row.getCell(6).value, row.getCell(7).value, row.getCell(8).value]).toEqual([
        chunk.chunkId, chunk.name, chunk.lessonNum, chunk['90plus'], chunk.answerText, chunk.answerTextClean, chunk.numWords,
      ]);
    }
    // Unsigned → -1; a student → refused.
    const unsigned = await fetch(server.url + path, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const refused = await fetch(server.url + path, { method: 'POST', body: JSON.stringify(await student.sign(path, {})) });
    expect(refused.status).toBe(403);
  });
});
