// Bundles the server and its two commands into out/server (ES modules, source maps), so the
// production process runs plain `node` with no TypeScript compiler in it.
//   node scripts/build-server.mjs             build now
//   node scripts/build-server.mjs --if-stale  build only when an output is missing or older than
//                                             a file it was built from (what `npm start` does)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './staleness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'out', 'server');
const ENTRIES = {
  main: 'server/main.ts',
  admin: 'server/admin-cli/main.ts',
  backup: 'server/backup/main.ts',
  restore: 'server/backup/restore-main.ts',
  course: 'server/course-cli/main.ts',
};
const INPUTS = join(OUT, 'inputs.json');

// Native addons, optional drivers and packages that find their own files at run time stay in node_modules.
const EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'pg',
  'pg-native',
  'ioredis',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@ffmpeg-installer/*',
  '@ffprobe-installer/*',
  'bufferutil',
  'utf-8-validate',
  'exceljs',
];

/** Every output exists and is newer than every file it was built from (and than package-lock.json). */
function upToDate() {
  if (!existsSync(INPUTS)) return false;
  const { inputs } = JSON.parse(readFileSync(INPUTS, 'utf8'));
  const outputs = Object.keys(ENTRIES).map((name) => `out/server/${name}.js`);
  const sources = [...inputs, 'package-lock.json', 'scripts/build-server.mjs', 'scripts/staleness.mjs'];
  return staleReason({ root: ROOT, outputs, inputs: sources, missingInputIsChange: true }) === null;
}

async function build() {
  const started = Date.now();
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    platform: 'node',
    target: 'node22.12', // engines in package.json
    format: 'esm',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    external: EXTERNAL,
    // Bundled CommonJS packages still call require() for Node's own modules.
    banner: { js: "import { createRequire as __enotRequire } from 'node:module'; const require = __enotRequire(import.meta.url);" },
  });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(INPUTS, JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
  process.stdout.write(`Сервер собран в out/server за ${Date.now() - started} мс\n`);
}

if (process.argv.includes('--if-stale') && upToDate()) process.exit(0);
try {
  await build();
} catch (error) {
  // Built earlier and esbuild absent (installed with --omit=dev): run what is there.
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && process.argv.includes('--if-stale') && existsSync(join(OUT, 'main.js'))) {
    process.stderr.write('esbuild не установлен: запускаю сервер, собранный раньше (out/server)\n');
  } else {
    process.stderr.write(`Не удалось собрать сервер: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
