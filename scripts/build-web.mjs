// Builds the web app (out/renderer, served under /study/) with the desktop's main and preload:
//   node scripts/build-web.mjs             build now (electron-vite build)
//   node scripts/build-web.mjs --if-stale  build only when an output is missing or older than a
//                                          source (what `npm start` does: a start with an
//                                          up-to-date build skips the 15–20 s of Vite)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './staleness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the build is made from: all of src/ (renderer, shared, main, preload), its config and tooling. */
export const WEB_SOURCES = [
  'src',
  'electron.vite.config.ts',
  'tooling',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'tsconfig.node.json',
  'scripts/build-web.mjs',
  'scripts/staleness.mjs',
];
/** One file of each target electron-vite writes; out/renderer/index.html is written last of the web app. */
export const WEB_OUTPUTS = ['out/renderer/index.html', 'out/renderer/sw.js', 'out/main/index.js', 'out/preload/index.cjs'];

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const reason = staleReason({ root: ROOT, outputs: WEB_OUTPUTS, inputs: WEB_SOURCES });
  if (process.argv.includes('--if-stale') && reason === null) process.exit(0);
  if (reason) process.stdout.write(`Собираю веб-приложение: ${reason}\n`);
  const cli = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
