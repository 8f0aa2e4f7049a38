import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailings } from '../../src/shared/contract';
import { MESSAGES } from '../../server/contract/errors';
import { createLogger } from '../../server/log';
import type { LiveTestSocket, TestClient } from '../helpers/client';
import { FullDiskStorage } from '../helpers/full-disk-storage';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue 37, a full disk: a call or an upload that runs out of space answers 507 with the Russian
 * notice (never «Внутренняя ошибка»), logged once as an error; /readyz reports 503 with the reason
 * while the storage or SQLite disk has less than DISK_FREE_MIN_MB free, and 200 above it.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const FULL = { success: '0', message: MESSAGES.diskFull };

describe.each(testDialects)('a full disk on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let socket: LiveTestSocket;
  let storage: FullDiskStorage;
  let scratch: string;
  const lines: string[] = [];
  const diskErrors = () => lines.filter((line) => / ERROR /.test(line));

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'enot-full-disk-scratch-'));
    server = await startTestServer({ dialect, env: { UPLOAD_SCRATCH_DIR: scratch, DISK_FREE_MIN_MB: '1' }, log: createLogger('warn', (line) => lines.push(line)) });
    storage = new FullDiskStorage(server.server.services.storage);
    server.server.services.storage = storage;
    admin = await server.signIn('admin');
    socket = await admin.openLive();
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('an upload that cannot be stored answers 507 with the notice, one error line, no scratch left', async () => {
    storage.full = true;
    const before = diskErrors().length;
    const reply = await admin.upload(mailings.createImage.path, {}, PNG, 'photo.png');
    storage.full = false;
    expect(reply).toEqual({ status: 507, body: FULL });
    const logged = diskErrors().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/на диске закончилось место/);
    expect(readdirSync(scratch)).toEqual([]);
    // With room again the same upload goes through.
    expect((await admin.upload(mailings.createImage.path, {}, PNG, 'photo.png')).body.success).toBe('1');
  });

  it('a call that hits the full disk answers 507 with the notice over the live socket, one error line', async () => {
    const uploaded = await admin.upload(mailings.createImage.path, {}, PNG, 'photo.png');
    const imageLink = String(uploaded.body.imagePath);
    storage.full = true;
    const before = diskErrors().length;
    const reply = await socket.requestRaw(mailings.createTgMailing.path, { message: 'Полный диск', receiverGroup: 'Все ученики', startAt: '', imageLink, fromTgBot: 'MAIN', receiversTgNicknames: [] });
    storage.full = false;
    expect(reply).toEqual(FULL);
    const logged = diskErrors().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/\/mailing\/create_tg_mailing: на диске закончилось место/);
    // The process keeps answering.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('/readyz says 200 while the disks have more than DISK_FREE_MIN_MB free', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { ok: true } });
  });

  it('/readyz says 503 naming the disk when DISK_FREE_MIN_MB is above the free space', async () => {
    const short = await startTestServer({ dialect, env: { DISK_FREE_MIN_MB: '10000000' } });
    try {
      const response = await fetch(`${short.url}/readyz`);
      const body = (await response.json()) as { ok: boolean; message: string; down: string[]; disk: string[] };
      expect({ status: response.status, ok: body.ok, message: body.message, down: body.down }).toEqual({ status: 503, ok: false, message: MESSAGES.diskFull, down: [] });
      const expected = [/^Мало места на диске хранилища файлов \(.+\): свободно \d+ МБ, нужно не меньше 10000000 МБ \(DISK_FREE_MIN_MB\)$/];
      if (dialect === 'sqlite') expected.push(/^Мало места на диске базы данных SQLite \(.+\): свободно \d+ МБ/);
      expect(body.disk).toHaveLength(expected.length);
      expected.forEach((pattern, index) => expect(body.disk[index]).toMatch(pattern));
      // Liveness is not readiness: the process itself is fine.
      expect((await fetch(`${short.url}/healthz`)).status).toBe(200);
    } finally {
      await short.close();
    }
  }, 60_000);
});
