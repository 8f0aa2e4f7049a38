import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts (woff2) and media are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.ico', '.map', '.webmanifest']);
/** Below this a copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `name.br` (brotli, top quality: done once per build) and `name.gz` (gzip level 9) beside
 * every compressible file under `dir`, when the copy is smaller; the server's static handler
 * (server/web.ts) sends the best one the browser accepts. Returns how many files got copies.
 */
export async function precompressFolder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const plain = await readFile(file);
    if (plain.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzipAsync(plain, { level: 9 }),
    ]);
    let wrote = false;
    if (br.length < plain.length) await writeFile(file + '.br', br).then(() => (wrote = true));
    if (gz.length < plain.length) await writeFile(file + '.gz', gz).then(() => (wrote = true));
    if (wrote) count += 1;
  }
  return count;
}

/** The build step: after Vite wrote the renderer, add the compressed copies of its files. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'enot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
