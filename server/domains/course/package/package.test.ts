import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCoursePackage, importCoursePackage as importContract } from '../../../../src/shared/contract/course-editor';
import { snapshotDatabase } from '../../../../tests/helpers/db-snapshot';
import { createPostgresSchema, startTestServer, testDialects, type TestServer } from '../../../../tests/helpers/server';
import type { TestClient } from '../../../../tests/helpers/client';
import { migrateToLatest, openDatabase, type Db } from '../../../db';
import { LocalDirectoryStorage } from '../../../providers/storage';
import { domainMigrations } from '../..';
import { storageVideoSources } from '../../video-media/package-sources';
import { buildCoursePackage, zipCoursePackage } from './export';
import { importCoursePackage } from './import';
import { storageImageSink } from '../lesson-images';
import { CoursePackageError, type CourseManifest } from './manifest';
import { readZip } from './read-archive';

/** Tables a course is made of, each read in a stable order; timestamps of the import itself are left out. */
const COMPARED: Array<{ table: Parameters<Db['selectFrom']>[0] & string; order: string[] }> = [
  { table: 'chapters', order: ['id'] },
  { table: 'lessons', order: ['number'] },
  { table: 'homeworks', order: ['num'] },
  { table: 'credits_auto', order: ['num'] },
  { table: 'credits_verbal', order: ['num'] },
  { table: 'questions_p1', order: ['id'] },
  { table: 'questions_p2', order: ['id'] },
  { table: 'verbal_questions', order: ['id'] },
  { table: 'homework_questions_p1', order: ['ht_num', 'is_dop', 'q_number'] },
  { table: 'homework_questions_p2', order: ['ht_num', 'is_dop', 'q_number'] },
  { table: 'terms', order: ['id'] },
  { table: 'sign_terms', order: ['id'] },
  { table: 'sign_term_variants', order: ['id'] },
  { table: 'timecodes', order: ['id'] },
  { table: 'kb_chunk_questions', order: ['chunk_id', 'position'] },
];
const IMPORT_TIMES = new Set(['created_at', 'updated_at']);

async function rowsOf(db: Db, table: (typeof COMPARED)[number]['table'], order: string[]): Promise<Record<string, unknown>[]> {
  let query = db.selectFrom(table).selectAll();
  for (const column of order) query = query.orderBy(column as never);
  return (await query.execute()).map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !IMPORT_TIMES.has(key))));
}

/** A fresh, migrated, empty database of the dialect. */
async function freshDatabase(dialect: string, cleanups: Array<() => Promise<void> | void>): Promise<Db> {
  if (dialect === 'sqlite') {
    const opened = openDatabase('sqlite::memory:');
    cleanups.push(() => opened.close());
    await migrateToLatest(opened.db, domainMigrations);
    return opened.db;
  }
  const { schema, drop } = await createPostgresSchema();
  const opened = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: schema });
  cleanups.push(drop, () => opened.close());
  await migrateToLatest(opened.db, domainMigrations);
  return opened.db;
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe.each(testDialects)('course packages on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let zip: Uint8Array;
  let manifest: CourseManifest;
  const cleanups: Array<() => Promise<void> | void> = [];
  const storageDir = mkdtempSync(join(tmpdir(), 'enot-package-'));
  const storage = new LocalDirectoryStorage(storageDir);
  cleanups.push(() => rmSync(storageDir, { recursive: true, force: true }));

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    const body = await admin.sign(exportCoursePackage.path, { includeVideoFiles: '0' });
    const reply = await fetch(server.url + exportCoursePackage.path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/zip');
    zip = new Uint8Array(await reply.arrayBuffer());
    manifest = JSON.parse(new TextDecoder().decode(readZip(zip).get('manifest.json'))) as CourseManifest;
  });
  afterAll(async () => {
    await server.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const importInto = (db: Db, entries: Map<string, Uint8Array> | ReturnType<typeof readZip>, replace = false, start?: number) =>
    importCoursePackage(db, entries, { replace, start, now: Date.now(), images: storageImageSink(storage) });

  it('exports the demo course and imports it into a fresh database: the same chapters, lessons, homework, credits, questions, theory and terms, field by field', async () => {
    const db = await freshDatabase(dialect, cleanups);
    expect(await importInto(db, readZip(zip))).toEqual({ chapters: 6, lessons: 10, questions: manifest.questionsP1.length + manifest.questionsP2.length + manifest.oralQuestions.length });
    const source = server.server.services.db;
    for (const { table, order } of COMPARED) {
      const [before, after] = [await rowsOf(source, table, order), await rowsOf(db, table, order)];
      expect(after.length, table).toBe(before.length);
      expect(after.length, table).toBeGreaterThan(0);
      for (const [index, row] of before.entries()) {
        const imported = after[index]!;
        for (const [column, value] of Object.entries(row)) {
          // A picture is stored again under its content hash; its bytes are compared below.
          if (table === 'lessons' && column === 'image_path') continue;
          expect(imported[column], `${table}[${index}].${column}`).toEqual(value);
        }
      }
    }
    // Theory and videos: the school's organisational chunks and the videos' media state are not course content.
    const theory = (db: Db) => db.selectFrom('kb_chunks').select(['id', 'name', 'lesson_num', 'is_90plus', 'answer_text', 'answer_text_clean', 'num_words']).where('kind', '=', 'theory').orderBy('id').execute();
    expect(await theory(db)).toEqual(await theory(source));
    const published = (db: Db) => db.selectFrom('kb_published_chunks').select(['id', 'name']).where('kind', '=', 'theory').orderBy('id').execute();
    expect(await published(db)).toEqual(await published(source));
    const videos = (db: Db) => db.selectFrom('videos').select(['id', 'lesson_num', 'shown_name', 'filename', 'chapter', 'description', 'is_mandatory', 'is_published']).orderBy('id').execute();
    expect(await videos(db)).toEqual(await videos(source));
    // Lesson pictures travel in the archive and are served from their new place.
    const lesson = await db.selectFrom('lessons').select('image_path').where('number', '=', 3).executeTakeFirstOrThrow();
    expect(lesson.image_path).toMatch(/^\/app\/images\/lessons\/[0-9a-f]{12}-lesson-3\.svg$/);
    const shipped = await fetch(`${server.url}/app/images/lessons/lesson-3.svg`);
    const stored = await storage.readBytes(`course-images/${lesson.image_path.split('/').pop()!}`);
    expect(Buffer.from(await shipped.arrayBuffer()).equals(stored!)).toBe(true);
  });

  it('moves every date to a new start: instants by the same amount, 23:59 deadlines and oral credit days by whole days', async () => {
    const db = await freshDatabase(dialect, cleanups);
    const start = Date.parse('2027-09-01T00:00:00+03:00');
    await importInto(db, readZip(zip), false, start);
    const delta = start - manifest.courseStart;
    const lessons = await db.selectFrom('lessons').select(['number', 'opens_at']).orderBy('number').execute();
    expect(lessons.map((row) => row.opens_at)).toEqual(manifest.lessons.map((item) => item.opensAt! + delta));
    expect(lessons[0]!.opens_at).toBe(start);
    const moscowClock = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);
    for (const homework of await db.selectFrom('homeworks').select('deadline_at').execute()) expect(moscowClock(homework.deadline_at!)).toBe('23:59');
    const credit = await db.selectFrom('credits_verbal').selectAll().where('num', '=', 1).executeTakeFirstOrThrow();
    const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    // Calendar days move by the whole Moscow days between the two starts (the demo's start has a time of day).
    const moscowDay = (ms: number) => Math.floor((ms + 3 * 3_600_000) / 86_400_000);
    expect(days(credit.starts_on!) - days(manifest.creditsVerbal[0]!.startsOn!)).toBe(moscowDay(start) - moscowDay(manifest.courseStart));
  });

  it('refuses a bad archive with a Russian reason and changes nothing', async () => {
    const db = await freshDatabase(dialect, cleanups);
    await importInto(db, readZip(zip));
    const before = await snapshotDatabase({ db, dialect: server.server.services.dialect });
    const entries = readZip(zip);
    const withManifest = (changed: unknown) => new Map([...entries, ['manifest.json', encode(changed)]]);
    const cases: Array<[string, () => Promise<unknown>, RegExp]> = [
      ['wrong schema version', () => importInto(db, withManifest({ ...manifest, schemaVersion: 2 }), true), /другой версии формата \(2\)/],
      ['missing image', () => importInto(db, new Map([...entries].filter(([name]) => name !== 'images/lesson-4.svg')), true), /нет файла images\/lesson-4\.svg/],
      ['invalid manifest', () => importInto(db, withManifest({ ...manifest, lessons: [{ ...manifest.lessons[0], name: 42 }] }), true), /^Описание курса в пакете неверно \(уроки, запись 1, поле «название»\): Неверный ввод: ожидалось строка, получено число$/],
      [
        'question key referenced but absent',
        () => importInto(db, withManifest({ ...manifest, homeworks: [{ ...manifest.homeworks[0]!, part1: ['p1-nope'] }] }), true),
        /ссылается на вопрос «p1-nope», которого нет/,
      ],
      ['no manifest', () => importInto(db, new Map([...entries].filter(([name]) => name !== 'manifest.json')), true), /нет файла manifest\.json/],
      ['not a zip', async () => readZip(new TextEncoder().encode('просто текст')), /не zip-архив/],
      ['path traversal', async () => readZip(zipSync({ 'manifest.json': encode(manifest), '../evil.txt': encode('x') })), /недопустимое имя файла «\.\.\/evil\.txt»/],
      ['absolute path', async () => readZip(zipSync({ '/etc/evil.txt': encode('x') })), /недопустимое имя файла/],
      ['too large', async () => readZip(zip, { maxEntries: 100, maxTotalBytes: 1000 }), /Пакет слишком большой/],
      ['too many files', async () => readZip(zip, { maxEntries: 3, maxTotalBytes: 1e9 }), /слишком много файлов/],
      // A picture the sink cannot store fails inside the transaction: what was written so far rolls back.
      [
        'failure halfway',
        () =>
          importCoursePackage(db, entries, {
            replace: true,
            now: 1,
            images: {
              save: async (name) => {
                if (name === 'lesson-5.svg') throw new CoursePackageError('Картинку урока не удалось сохранить');
                return `/app/images/lessons/${name}`;
              },
            },
          }),
        /не удалось сохранить/,
      ],
    ];
    for (const [name, run, message] of cases) {
      const error = await run().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(CoursePackageError);
      expect((error as Error).message, name).toMatch(message);
      expect((error as Error).message, name).toMatch(/[а-яё]/i);
    }
    expect(await snapshotDatabase({ db, dialect: server.server.services.dialect })).toBe(before);
  });

  it('imports over a course with content only with replace, and never while students have answers', async () => {
    const before = await snapshotDatabase(server.server.services);
    const upload = (replace: '0' | '1') => admin.upload(importContract.path, { replace }, Buffer.from(zip), 'курс.zip');
    expect((await upload('0')).body).toEqual({ success: '0', message: 'В курсе уже есть содержимое. Чтобы заменить его пакетом, включите замену (--replace)' });
    const refused = await upload('1');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: '0', message: expect.stringMatching(/^Курс нельзя заменить: у \d+ учеников уже есть ответы или прогресс по нему$/) });
    expect(await snapshotDatabase(server.server.services)).toBe(before);
  });

  it('replaces a course nobody has answered yet', async () => {
    const db = await freshDatabase(dialect, cleanups);
    await importInto(db, readZip(zip));
    const renamed = { ...manifest, chapters: manifest.chapters.map((chapter, index) => (index === 0 ? { ...chapter, name: 'Введение в обществознание' } : chapter)) };
    await importInto(db, new Map([...readZip(zip), ['manifest.json', encode(renamed)]]), true);
    const chapters = await db.selectFrom('chapters').select(['name', 'position']).orderBy('position').execute();
    expect(chapters[0]).toEqual({ name: 'Введение в обществознание', position: 1 });
    expect(chapters).toHaveLength(6);
    expect(await db.selectFrom('lessons').select('number').execute()).toHaveLength(10);
  });

  it('carries video source files with --with-video-files: stored again and queued for transcoding', async () => {
    const from = await freshDatabase(dialect, cleanups);
    await importInto(from, readZip(zip));
    const video = await from.selectFrom('videos').select('id').orderBy('id').executeTakeFirstOrThrow();
    await from.updateTable('videos').set({ media_key: 'demo-source', media_status: 'ready' }).where('id', '=', video.id).execute();
    const source = new TextEncoder().encode('не настоящий ролик, но байты те же');
    await storage.putBytes('sources/demo-source/source.bin', source);
    const sources = storageVideoSources(storage);
    const withFiles = zipCoursePackage(await buildCoursePackage(from, storage, { videoFiles: sources, now: 1 }));
    const entries = readZip(withFiles);
    expect(entries.get(`videos/video-${video.id}.bin`)).toEqual(source);
    expect(readZip(zipCoursePackage(await buildCoursePackage(from, storage, { videoFiles: null, now: 1 }))).has(`videos/video-${video.id}.bin`)).toBe(false);

    const to = await freshDatabase(dialect, cleanups);
    await importCoursePackage(to, entries, { replace: false, now: 5, images: storageImageSink(storage), videoFiles: sources });
    const imported = await to.selectFrom('videos').select(['media_key', 'media_status']).where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(imported.media_status).toBe('queued');
    expect(await storage.readBytes(`sources/${imported.media_key}/source.bin`)).toEqual(Buffer.from(source));
    const job = await to.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'video-transcode').executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toMatchObject({ videoId: video.id, mediaKey: imported.media_key });
  });

  it('gives the package calls to admins only', async () => {
    for (const login of ['curator', 'student']) {
      const client = await server.signIn(login);
      const body = await client.sign(exportCoursePackage.path, { includeVideoFiles: '0' });
      const reply = await fetch(server.url + exportCoursePackage.path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(reply.status, login).toBe(403);
      const upload = await client.upload(importContract.path, { replace: '1' }, Buffer.from(zip), 'курс.zip');
      expect(upload.status, login).toBe(403);
    }
    const anonymous = await fetch(server.url + exportCoursePackage.path, { method: 'POST', body: JSON.stringify({ includeVideoFiles: '0' }), headers: { 'content-type': 'application/json' } });
    expect(anonymous.status).toBe(401);
  });
});
