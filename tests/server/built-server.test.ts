import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/shared/contract';
import { freePort } from '../helpers/process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm start`'s server: the esbuild bundle under plain node, with no TypeScript loader anywhere. */
describe('the built production server', () => {
  let child: ChildProcess;
  let url = '';
  let output = '';
  let stdout = '';
  const dir = mkdtempSync(join(tmpdir(), 'enot-built-'));
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const port = await freePort();
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    child = spawn(process.execPath, ['--enable-source-maps', 'out/server/main.js'], {
      cwd: ROOT,
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, STORAGE_DIR: join(dir, 'storage'), DEMO_MEDIA: '0', REDIS_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the built server did not start:\n${output}`)), 150_000);
      child.once('exit', (code) => reject(new Error(`the built server exited with ${code}:\n${output}`)));
      // The start banner is on stderr: stdout holds only JSON log lines.
      child.stderr!.on('data', () => {
        const match = /Енот запущен: (\S+)\/study\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
  }, 180_000);
  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((resolve) => (child?.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs without tsx: not on its command line, not in its environment, not in the bundle', async () => {
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
    expect(cmdline).toContain('out/server/main.js');
    expect(cmdline).not.toMatch(/tsx/);
    expect(readFileSync(`/proc/${child.pid}/environ`, 'utf8')).not.toMatch(/NODE_OPTIONS=[^\0]*tsx/);
    const { inputs } = JSON.parse(readFileSync(join(ROOT, 'out/server/inputs.json'), 'utf8')) as { inputs: string[] };
    expect(inputs.some((input) => input.startsWith('server/'))).toBe(true);
    expect(inputs.filter((input) => /(^|\/)tsx\//.test(input))).toEqual([]);
    expect(readFileSync(join(ROOT, 'out/server/main.js'), 'utf8')).not.toMatch(/from ["']tsx|require\(["']tsx/);
  });

  it('serves calls, the resources folder and migrations from out/server, logging JSON lines', async () => {
    const reply = await fetch(`${url}${auth.localSignIn.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'built-1' }, body: JSON.stringify({ login: 'student', password: 'demo' }) });
    expect(((await reply.json()) as { success: string }).success).toBe('1');
    expect(reply.headers.get('x-request-id')).toBe('built-1');
    const picture = await fetch(`${url}/avatars_images/general/cloud.svg`);
    expect(picture.status).toBe(200);
    expect(await picture.text()).toContain('<svg');
    await expect.poll(() => output.split('\n').some((line) => line.startsWith('{') && (JSON.parse(line) as { requestId?: string }).requestId === 'built-1')).toBe(true);
    // Every stdout line of a start is a JSON object (jq reads them all); the banner went to stderr.
    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !isJsonObject(line))).toEqual([]);
    expect(output).toContain('Енот запущен:');
  });
});

function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}
