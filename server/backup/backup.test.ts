import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preferences } from '../../src/shared/contract';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { backupSqlite, BackupError, postgresBackupHint } from './backup';

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

  it('copies the database during a write storm; a server on the copy has every write acknowledged before it began', async () => {
    const server = await startTestServer();
    servers.push(server);
    const { STORAGE_DIR: storageDir, DATABASE_URL: databaseUrl } = server.server.services.config;
    mkdirSync(join(storageDir, 'uploads'), { recursive: true });
    writeFileSync(join(storageDir, 'uploads', 'page.png'), 'картинка');

    const sockets = await Promise.all(WRITERS.map(async (login) => (await server.signIn(login)).openLive()));
    const acknowledged = new Set<string>();
    const folder = join(tempDir(), 'copy');
    let backup: ReturnType<typeof backupSqlite> | undefined;
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
          backup = backupSqlite({ databaseUrl, storageDir, folder, now: new Date() });
        }
        return reply.success;
      }),
    );
    const outcomes = await Promise.all(storm);
    const manifest = await backup!;
    for (const socket of sockets) socket.close();
    expect(outcomes.every((success) => success === '1')).toBe(true);
    // Writes went on after the copy began: it was taken in the middle of the storm.
    expect(ackedBeforeBackup.length).toBeLessThan(acknowledged.size);
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest.storage).toMatchObject({ folder: 'storage', files: 1 });

    // Restore: the copied files into a new place, a server started on them.
    const restored = await startTestServer({
      database: { dialect: 'sqlite', url: `sqlite:${join(folder, 'enot.db')}`, drop: () => undefined },
      env: { STORAGE_DIR: join(folder, 'storage'), DEMO_SEED: 'off' },
    });
    servers.push(restored);
    const rows = await restored.server.services.db.selectFrom('feedback_messages').select('message').execute();
    const messages = new Set(rows.map((row) => row.message));
    expect(ackedBeforeBackup.filter((message) => !messages.has(message))).toEqual([]);
    expect(readFileSync(join(folder, 'storage', 'uploads', 'page.png'), 'utf8')).toBe('картинка');
    // The student still signs in on the restored copy.
    expect((await restored.signIn('student')).session?.token).toBeTruthy();
  }, 120_000);

  it('refuses a folder that is not empty, and points PostgreSQL to pg_dump', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'other.txt'), 'x');
    const source = join(tempDir(), 'enot.db');
    writeFileSync(source, '');
    await expect(backupSqlite({ databaseUrl: `sqlite:${source}`, storageDir: join(folder, 'none'), folder, now: new Date() })).rejects.toThrow(BackupError);
    expect(postgresBackupHint('/backups/today')).toContain('pg_dump --format=custom --file="/backups/today/enot.pgdump" "$DATABASE_URL"');
  });
});
