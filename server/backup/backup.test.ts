import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preferences } from '../../src/shared/contract';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { createBackup, keepNewest } from './backup';
import { BackupError } from './manifest';
import { restoreBackup } from './restore';

const WRITERS = ['student', 'curator', 'admin', 'intensive', 'subscription', 'package'];
const PER_WRITER = 10;

describe('npm run backup', () => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'enot-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('copies SQLite during a write storm; a server on the restored copy has every write acknowledged before it began', async () => {
    const server = await startTestServer();
    servers.push(server);
    const { STORAGE_DIR: storageDir, DATABASE_URL: databaseUrl } = server.server.services.config;
    mkdirSync(join(storageDir, 'uploads'), { recursive: true });
    writeFileSync(join(storageDir, 'uploads', 'page.png'), 'картинка');
    // A file the storage is still writing is not part of the copy.
    writeFileSync(join(storageDir, 'uploads', 'video.mp4.part-123-456'), 'половина');

    const sockets = await Promise.all(WRITERS.map(async (login) => (await server.signIn(login)).openLive()));
    const acknowledged = new Set<string>();
    const root = tempDir();
    let backup: ReturnType<typeof createBackup> | undefined;
    let ackedBeforeBackup: string[] = [];
    const storm = sockets.flatMap((socket, writer) =>
      Array.from({ length: PER_WRITER }, async (_, index) => {
        const message = `Шторм ${writer}-${index}`;
        const reply = await socket.requestRaw(preferences.sendFeedback.path, { message, anonym: '0' });
        if (reply.success === '1') acknowledged.add(message);
        // The copy starts at the sixth acknowledgement, with the other writes still on their way
        // (started here rather than by polling: on a fast machine all of them land within one poll).
        if (acknowledged.size > 5 && !backup) {
          ackedBeforeBackup = [...acknowledged];
          backup = createBackup({ config: { DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir }, root, now: new Date() });
        }
        return reply.success;
      }),
    );
    const outcomes = await Promise.all(storm);
    const { folder, manifest } = await backup!;
    for (const socket of sockets) socket.close();
    expect(outcomes.every((success) => success === '1')).toBe(true);
    // Writes went on after the copy began: it was taken in the middle of the storm.
    expect(ackedBeforeBackup.length).toBeLessThan(acknowledged.size);
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest.storage).toMatchObject({ kind: 'local', folder: 'storage', files: 1, bytes: Buffer.byteLength('картинка') });
    expect(readdirSync(join(folder, 'database'))).toEqual(['enot.db']);

    // Restored into a new file and folder, a server started on them.
    const target = tempDir();
    const config = { DATABASE_URL: `sqlite:${join(target, 'enot.db')}`, STORAGE_DIR: join(target, 'storage') };
    await restoreBackup({ config, folder, force: false, now: new Date() });
    const restored = await startTestServer({
      database: { dialect: 'sqlite', url: config.DATABASE_URL, drop: () => undefined },
      env: { STORAGE_DIR: config.STORAGE_DIR, DEMO_SEED: 'off' },
    });
    servers.push(restored);
    const rows = await restored.server.services.db.selectFrom('feedback_messages').select('message').execute();
    const messages = new Set(rows.map((row) => row.message));
    expect(ackedBeforeBackup.filter((message) => !messages.has(message))).toEqual([]);
    expect(readFileSync(join(config.STORAGE_DIR, 'uploads', 'page.png'), 'utf8')).toBe('картинка');
    // The student still signs in on the restored copy.
    expect((await restored.signIn('student')).session?.token).toBeTruthy();
  }, 120_000);

  it('refuses a backup folder inside the storage folder; nothing is left of a failed backup', async () => {
    const storage = tempDir();
    await expect(createBackup({ config: { DATABASE_URL: `sqlite:${join(storage, 'x.db')}`, STORAGE_DIR: storage }, root: join(storage, 'backups'), now: new Date() })).rejects.toThrow(
      /^Папка копий .+ внутри папки файлов STORAGE_DIR/,
    );
    const root = tempDir();
    await expect(createBackup({ config: { DATABASE_URL: `sqlite:${join(storage, 'none.db')}`, STORAGE_DIR: storage }, root, now: new Date() })).rejects.toThrow(BackupError);
    expect(readdirSync(root)).toEqual([]);
  });

  it('--keep removes the oldest finished backups and nothing else', async () => {
    const root = tempDir();
    const names = ['enot-2026-01-01T000000Z', 'enot-2026-01-02T000000Z', 'enot-2026-01-02T000000Z-2', 'enot-2026-01-03T000000Z'];
    for (const name of names) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'manifest.json'), '{}');
    }
    // Not ours or not finished: kept whatever their age.
    mkdirSync(join(root, 'enot-2025-01-01T000000Z.partial'));
    mkdirSync(join(root, 'enot-2025-01-01T000000Z'));
    mkdirSync(join(root, 'photos'));
    expect(await keepNewest(root, 2)).toEqual([join(root, 'enot-2026-01-02T000000Z'), join(root, 'enot-2026-01-01T000000Z')]);
    expect(readdirSync(root).sort()).toEqual(['enot-2025-01-01T000000Z', 'enot-2025-01-01T000000Z.partial', 'enot-2026-01-02T000000Z-2', 'enot-2026-01-03T000000Z', 'photos']);
  });
});
