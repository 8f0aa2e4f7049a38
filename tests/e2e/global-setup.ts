import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The browser tests run against the real web build: make it once before them. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, [fileURLToPath(new URL('../../node_modules/electron-vite/bin/electron-vite.js', import.meta.url)), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...(process.env.E2E_WEB_DIST ? { ENOT_WEB_OUT: process.env.E2E_WEB_DIST } : {}) },
  });
}
