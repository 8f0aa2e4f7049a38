import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AdminCommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- <args>` against a database: the source entry on tsx (what `npm run admin`
 * bundles), so tests need no server build. Asynchronous, so an in-process test server keeps
 * answering while the command runs.
 */
export function adminCommand(databaseUrl: string, args: readonly string[], input?: string): Promise<AdminCommandRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/admin-cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

/** The password `create`/`reset` printed ("Пароль на один вход: …"). */
export function printedOneTimePassword(stdout: string): string {
  const password = /Пароль на один вход: (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`the admin command printed no one-time password:\n${stdout}`);
  return password;
}
