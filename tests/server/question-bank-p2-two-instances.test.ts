import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionBankP2 as bank } from '../../src/shared/contract';
import { loadConfig } from '../../server/config';
import { MANY_JOB_KEY } from '../../server/domains/question-bank-p2/digitize-job';
import { JobRunner, jobDefinitions } from '../../server/jobs';
import { startServer, type RunningServer } from '../../server/server';
import { TestClient, type LiveTestSocket } from '../helpers/client';
import { createPostgresSchema, dropRedisPrefix } from '../helpers/server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PAGE_PNG = readFileSync(new URL('../fixtures/ocr-page.png', import.meta.url));

/** Counts OCR runs of one instance (the provider is the instance's own). */
function countOcr(server: RunningServer): { count: number } {
  const counter = { count: 0 };
  const recognize = server.services.ocr.recognize.bind(server.services.ocr);
  server.services.ocr.recognize = async (image) => {
    counter.count += 1;
    return recognize(image);
  };
  return counter;
}

/**
 * Digitising explanations with two instances on one PostgreSQL schema, one Redis and one storage:
 * the bulk run is taken by one runner even when both look at once, each picture is read once, a
 * run resumed after a crash skips what was done, and the progress reaches an editor on the other
 * instance.
 */
describe.skipIf(!databaseUrl || !redisUrl)('part 2 explanation OCR across two instances (PostgreSQL + Redis)', () => {
  const redisPrefix = `enot-p2ocr-${randomBytes(6).toString('hex')}:`;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let storage: string;
  let a: RunningServer;
  let b: RunningServer;
  const sockets: LiveTestSocket[] = [];

  const start = (seed: boolean) =>
    startServer(
      loadConfig({
        DATABASE_URL: databaseUrl!,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: redisPrefix,
        STORAGE_DIR: storage,
        DEMO_MEDIA: '0',
        DEMO_SEED: seed ? '1' : 'off',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        VALIDATE_OUTPUT: '1',
      }),
      { searchPath: schema.schema },
    );

  beforeAll(async () => {
    schema = await createPostgresSchema();
    storage = mkdtempSync(join(tmpdir(), 'enot-p2ocr-storage-'));
    a = await start(true);
    b = await start(false);
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.close(), b?.close()]);
    await schema?.drop();
    rmSync(storage, { recursive: true, force: true });
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  async function questionsWithPictures(client: TestClient, socket: LiveTestSocket, count: number): Promise<number[]> {
    const { lessons } = await socket.request(bank.getChapters, {});
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const fields = { qQuestion: `Вопрос ${i}`, qTaskNumber: 20, qLessonNumber: lessons[0]!.number, qChapter: lessons[0]!.chapter, qMaxBall: 3, qCriteria: '', qMarkDownPoyasn: '', qPublic: '0' as const, is90Plus: '0' as const };
      const { questionId } = await socket.request(bank.createQuestion, { question: fields });
      expect((await client.upload(bank.uploadPoyasnImage.path, { questionId }, PAGE_PNG, 'p.png')).body.success).toBe('1');
      ids.push(questionId);
    }
    await a.services.db.updateTable('questions_p2').set({ explanation_markdown: 'заполнено' }).where('explanation_markdown', '=', '').where('id', 'not in', ids).execute();
    return ids;
  }

  it('reads each picture once although both runners look at once, and the editor on the other instance sees the progress', async () => {
    const admin = await new TestClient(a.url).signIn('admin');
    const socketA = await admin.openLive();
    const socketB = await new TestClient(b.url, admin.session).openLive();
    sockets.push(socketA, socketB);
    const ids = await questionsWithPictures(admin, socketA, 3);
    const [ocrA, ocrB] = [countOcr(a), countOcr(b)];

    expect((await socketA.request(bank.digitizeManyPoyasnP2, { toDigitize: 10 })).queued).toBe(3);
    const finished = socketB.waitFor((message) => message.method === bank.updateInfoManyPoyasnP2.path && (message.body as { isFinished: string }).isFinished === '1', 60_000, false);
    const runners = [new JobRunner(a.services, jobDefinitions, { id: 'runner-a' }), new JobRunner(b.services, jobDefinitions, { id: 'runner-b' })];
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran[0]! + ran[1]!).toBe(1);
    expect(ocrA.count + ocrB.count).toBe(3);
    expect(bank.updateInfoManyPoyasnP2.body.parse((await finished).body)).toMatchObject({ totalDigitized: 3, toDigitize: 3, digitizedQuestions: ids, isFinished: '1' });
    const texts = await a.services.db.selectFrom('questions_p2').select('explanation_markdown').where('id', 'in', ids).execute();
    expect(texts.every((row) => row.explanation_markdown.includes('ПРАВОВОЕ ГОСУДАРСТВО'))).toBe(true);
  }, 120_000);

  it('resumes a run after a crash without reading again what was done', async () => {
    const admin = await new TestClient(a.url).signIn('admin');
    const socket = await admin.openLive();
    sockets.push(socket);
    const ids = await questionsWithPictures(admin, socket, 2);
    await socket.request(bank.digitizeManyPoyasnP2, { toDigitize: 10 });
    // The instance that took the run read the first picture and died: its lease has run out.
    const job = await a.services.db.selectFrom('jobs').select(['payload']).where('key', '=', MANY_JOB_KEY).executeTakeFirstOrThrow();
    const startedAt = (JSON.parse(job.payload) as { startedAt: number }).startedAt;
    await a.services.db.updateTable('questions_p2').set({ explanation_markdown: 'прочитано до сбоя', explanation_digitized_at: startedAt + 1 }).where('id', '=', ids[0]!).execute();
    await a.services.db.updateTable('jobs').set({ attempts: 1, locked_by: 'crashed', locked_until: 0 }).where('key', '=', MANY_JOB_KEY).execute();

    const ocr = countOcr(b);
    expect(await new JobRunner(b.services, jobDefinitions, { id: 'runner-after-crash' }).runDue()).toBe(1);
    expect(ocr.count).toBe(1);
    const rows = await a.services.db.selectFrom('questions_p2').select(['id', 'explanation_markdown']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows[0]!.explanation_markdown).toBe('прочитано до сбоя');
    expect(rows[1]!.explanation_markdown).toContain('ПРАВОВОЕ ГОСУДАРСТВО');
    expect(await a.services.db.selectFrom('jobs').select('status').where('key', '=', MANY_JOB_KEY).executeTakeFirstOrThrow()).toEqual({ status: 'done' });
  }, 120_000);
});
