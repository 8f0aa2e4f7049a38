import { mkdtempSync, readdirSync, rmSync, statSync, watch, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEditor, files, mailings, questionBankAdmin, questionBankP2, textbooks, videoMedia } from '../../src/shared/contract';
import { createLogger } from '../../server/log';
import { UPLOAD_MESSAGES } from '../../server/uploads';
import type { TestClient } from '../helpers/client';
import { snapshotDatabase } from '../helpers/db-snapshot';
import { pngBomb } from '../helpers/image-fixtures';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';
import { filePartHead, streamUpload, textPart } from '../helpers/streamed-upload';

/**
 * Hostile uploads (issue #25, table rows #1, #2 and #10) against a real server on each dialect:
 * nothing of a stranger's upload reaches the disk, every attack ends in a 4xx, the process keeps
 * answering, and the scratch and storage folders are back to their size afterwards.
 */

const MiB = 1024 * 1024;

/** The upload routes, the file field each takes and the size of file the table's attack sent. */
const ROUTES = [
  { path: videoMedia.uploadVideo.path, field: 'file', attackBytes: 11 * MiB },
  { path: videoMedia.uploadPreview.path, field: 'file', attackBytes: 11 * MiB },
  { path: questionBankAdmin.uploadImageQuestion.path, field: 'file', attackBytes: 11 * MiB },
  { path: files.createFile.path, field: 'file', attackBytes: 33 * MiB },
  { path: questionBankP2.uploadQuestionImage.path, field: 'file', attackBytes: 11 * MiB },
  { path: questionBankP2.uploadPoyasnImage.path, field: 'file', attackBytes: 11 * MiB },
  { path: textbooks.uploadBookPage.path, field: 'file', attackBytes: 11 * MiB },
  { path: textbooks.uploadBookPages.path, field: 'files', attackBytes: 33 * MiB },
  { path: mailings.createImage.path, field: 'file', attackBytes: 11 * MiB },
  { path: courseEditor.importCoursePackage.path, field: 'file', attackBytes: 33 * MiB },
  { path: courseEditor.uploadLessonImage.path, field: 'file', attackBytes: 11 * MiB },
] as const;

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Every file-system event under the scratch and storage folders while it is on: proof that nothing was written. */
class DiskWatch {
  events: string[] = [];
  private watchers: FSWatcher[] = [];

  start(dirs: string[]): void {
    this.events = [];
    for (const dir of dirs) this.watchers.push(watch(dir, { recursive: true }, (type, name) => this.events.push(`${type} ${dir}/${name}`)));
  }

  stop(): string[] {
    for (const watcher of this.watchers) watcher.close();
    this.watchers = [];
    return this.events;
  }
}

describe.each(testDialects)('hostile uploads on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let scratch: string;
  let storage: string;
  let storageBefore: number;
  const disk = new DiskWatch();
  /** Errors and warnings the server logged: a hostile upload is refused, never an internal failure. */
  const problems: string[] = [];

  const alive = async () => (await fetch(`${server.url}/healthz`)).status;
  const scratchEntries = () => readdirSync(scratch);

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'enot-hostile-scratch-'));
    server = await startTestServer({ dialect, env: { UPLOAD_SCRATCH_DIR: scratch }, log: createLogger('warn', (line) => problems.push(line)) });
    storage = server.server.services.config.STORAGE_DIR;
    storageBefore = folderBytes(storage);
    admin = await server.signIn('admin');
  }, 60_000);

  afterAll(async () => {
    disk.stop();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('#1: a chunked file part first, without data or session, to each upload route: 400, nothing written, still answering', async () => {
    for (const route of ROUTES) {
      disk.start([scratch, storage]);
      const reply = await streamUpload(server.url + route.path, { head: filePartHead(route.field, 'attack.bin'), fileBytes: route.attackBytes });
      expect(disk.stop(), route.path).toEqual([]);
      expect({ path: route.path, status: reply.status, body: reply.body }).toEqual({ path: route.path, status: 400, body: { success: '0', message: UPLOAD_MESSAGES.fileFirst } });
      // Refused after the bounded drain, long before the whole body.
      expect(reply.sentBeforeAnswer, route.path).toBeLessThan(route.attackBytes);
      expect(await alive()).toBe(200);
    }
  }, 120_000);

  it('#1: unsigned data first, then a chunked file, to each upload route: 401, nothing written', async () => {
    for (const route of ROUTES) {
      disk.start([scratch, storage]);
      const head = Buffer.concat([textPart('data', JSON.stringify({ videoId: 1, questionId: 1, bookId: 1, page: 1, number: 1, description: 'x' })), filePartHead(route.field, 'attack.bin')]);
      const reply = await streamUpload(server.url + route.path, { head, fileBytes: route.attackBytes });
      expect(disk.stop(), route.path).toEqual([]);
      expect({ path: route.path, status: reply.status, success: reply.body?.success }).toEqual({ path: route.path, status: 401, success: '-1' });
      expect(await alive()).toBe(200);
    }
  }, 120_000);

  it('#2: an unauthenticated 200 MiB upload_video is refused early and no byte of it is ever on disk', async () => {
    disk.start([scratch, storage]);
    const head = Buffer.concat([textPart('data', JSON.stringify({ videoId: 1 })), filePartHead('file', 'film.mp4')]);
    const reply = await streamUpload(server.url + videoMedia.uploadVideo.path, { head, fileBytes: 200 * MiB, declareLength: true });
    expect(disk.stop()).toEqual([]);
    expect(reply.status).toBe(401);
    // What the client had pushed into its socket when the refusal came: the server's 2 MiB drain plus socket buffers.
    console.info(`[${dialect}] unauthenticated 200 MiB upload_video: ${(reply.sentBeforeAnswer / MiB).toFixed(2)} MiB sent before the 401 (${reply.ms.toFixed(0)} ms)`);
    expect(reply.sentBeforeAnswer).toBeLessThan(16 * MiB);
    expect(await alive()).toBe(200);
  }, 60_000);

  it('#2: four unauthenticated 50 MiB upload_book_pages in parallel write nothing either', async () => {
    disk.start([scratch, storage]);
    const head = Buffer.concat([textPart('data', JSON.stringify({ bookId: 1 })), filePartHead('files', '1.png')]);
    const replies = await Promise.all(Array.from({ length: 4 }, () => streamUpload(server.url + textbooks.uploadBookPages.path, { head, fileBytes: 50 * MiB, declareLength: true })));
    expect(disk.stop()).toEqual([]);
    expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401, 401]);
    expect(await alive()).toBe(200);
  }, 60_000);

  it('a course package with a zip bomb, a path out of the archive or no manifest is refused by its reason; nothing is stored or changed', async () => {
    // A zip whose one entry declares 4 GB unpacked: refused from its directory, before any inflating.
    const bomb = Buffer.from(zipSync({ 'manifest.json': new Uint8Array(64 * 1024) }));
    const directory = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, directory + 24);
    const cases = [
      [bomb, /^Пакет слишком большой: в распакованном виде больше \d+ МБ$/],
      [Buffer.from(zipSync({ '../../etc/cron.d/x': new TextEncoder().encode('* * * * * root sh') })), /недопустимое имя файла «\.\.\/\.\.\/etc\/cron\.d\/x»/],
      [Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('не курс') })), /^В пакете нет файла manifest\.json: это не пакет курса$/],
      [Buffer.from('PK not really a zip'), /^Файл не похож на пакет курса: это не zip-архив$/],
    ] as const;
    const before = await snapshotDatabase(server.server.services);
    for (const [zip, message] of cases) {
      disk.start([storage]);
      const reply = await admin.upload(courseEditor.importCoursePackage.path, { replace: '1' }, zip, 'курс.zip');
      expect(disk.stop()).toEqual([]);
      expect(reply.status).toBe(400);
      expect((reply.body as { message: string }).message).toMatch(message);
    }
    expect(await snapshotDatabase(server.server.services)).toBe(before);
    expect(await alive()).toBe(200);
  });

  it('a client that goes away mid-file after a valid data part leaves no scratch behind', async () => {
    const videoId = (await server.server.services.db.selectFrom('videos').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const [path, data] of [
      [videoMedia.uploadVideo.path, { videoId }],
      [files.createFile.path, { description: 'Прервётся' }],
    ] as const) {
      const head = Buffer.concat([textPart('data', JSON.stringify(await admin.sign(path, data))), filePartHead('file', 'cut.bin')]);
      disk.start([scratch]);
      const cut = await streamUpload(server.url + path, { head, fileBytes: 30 * MiB, declareLength: true, abortAfter: 3 * MiB });
      expect(cut.aborted).toBe(true);
      // An authorised upload does reach the scratch folder (and the watch sees it), then it is removed.
      await expect.poll(() => disk.events.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
      disk.stop();
      await expect.poll(scratchEntries, { timeout: 5_000, interval: 20 }).toEqual([]);
      expect(await alive()).toBe(200);
    }
  }, 60_000);

  it('#10: the 7745×7745 16-bit PNG bomb is refused from its header (the pixel-count refusal, nothing decoded) on every image route', async () => {
    const socket = await admin.openLive();
    const { id: bookId } = await socket.request(textbooks.createBook, { title: 'Бомба', author: '', publishYear: '', pages: 3 });
    socket.close();
    const bomb = pngBomb();
    const cases = [
      [videoMedia.uploadPreview.path, { videoId: 1, previewType: 'squared' }, 'file'],
      [questionBankAdmin.uploadImageQuestion.path, { questionId: 1 }, 'file'],
      [questionBankP2.uploadQuestionImage.path, { questionId: 1 }, 'file'],
      [questionBankP2.uploadPoyasnImage.path, { questionId: 1 }, 'file'],
      [textbooks.uploadBookPage.path, { bookId, page: 1 }, 'file'],
      [textbooks.uploadBookPages.path, { bookId }, 'files'],
      [mailings.createImage.path, {}, 'file'],
      [courseEditor.uploadLessonImage.path, { number: 1 }, 'file'],
    ] as const;
    const timings: string[] = [];
    for (const [path, data, field] of cases) {
      // Twice per route, the faster counts: one slow tick of a busy test machine is not the server decoding.
      const tries: number[] = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const head = Buffer.concat([textPart('data', JSON.stringify(await admin.sign(path, data))), filePartHead(field, '1.png')]);
        const started = performance.now();
        const reply = await streamUpload(server.url + path, { head: Buffer.concat([head, bomb]), fileBytes: 0, declareLength: true });
        tries.push(performance.now() - started);
        expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 400, body: { success: '0', message: UPLOAD_MESSAGES.imagePixels } });
      }
      const ms = Math.min(...tries);
      // A figure for the log, not an assertion: a busy machine's timing is no test (seen at 103 ms against 100 in CI-like load).
      timings.push(`${path} ${ms.toFixed(1)} ms`);
    }
    console.info(`[${dialect}] PNG bomb (${bomb.length} bytes) refused: ${timings.join('; ')}`);
    expect(await alive()).toBe(200);
  }, 60_000);

  it('afterwards the scratch folder is empty, the storage folder is back to its size, and nothing failed inside', async () => {
    await expect.poll(scratchEntries, { timeout: 5_000, interval: 20 }).toEqual([]);
    expect(folderBytes(storage)).toBe(storageBefore);
    expect(problems.filter((line) => / ERROR /.test(line))).toEqual([]);
  });
});
