import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './contract/http-router';
import { ENCODED_SUFFIX, pickEncoding, type Encoding } from './compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/**
 * Same-origin only: calls and sockets go to this server; VK ID is a navigation, not a fetch. The one
 * outside script is Telegram's login widget (account page), which talks to oauth.telegram.org.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://telegram.org",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss: https://oauth.telegram.org",
  // The browser build's service worker (/study/sw.js, same origin).
  "worker-src 'self'",
  'frame-src https:',
  "font-src 'self' data:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Енот</title>
<p>Веб-приложение ещё не собрано. Выполните <code>npm run build</code> (или запустите <code>npm start</code>, он собирает его сам).</p>`;

/**
 * The service worker and the scripts it loads (vite-plugin-pwa / Workbox: sw.js, workbox-*.js) are
 * fetched with `no-cache`: the browser must ask every time, or a new version would wait for the
 * cache to expire. Its scope is /study/, where it lives.
 */
const WORKER_FILE = /^(sw\.js|workbox-[\w-]+\.js)$/;

/**
 * Serves the renderer build under /study/: hashed assets with long caching, and index.html for
 * every other /study path so client-side routing works on reload and deep links. A file with
 * precompressed copies (name.br, name.gz from the build) goes out in the best one the browser
 * accepts, with `Vary: Accept-Encoding` so a cache keeps the variants apart.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): void {
  const root = resolve(distDir);
  app.get('/study', (c) => c.redirect('/study/'));
  app.get('/study/*', async (c) => {
    const relative = decodedPath(c.req.path.slice('/study/'.length));
    // A path that is not valid percent-encoding (or smuggles a NUL) names no file and no route.
    if (relative === null) return c.text('Неверный адрес страницы', 400);
    const file = resolve(root, relative);
    const inside = file.startsWith(root + sep);
    // index.html asked by name (the service worker keeps it for offline starts) is the app page with its CSP.
    if (inside && relative !== '' && relative !== 'index.html' && (await isFile(file))) {
      const immutable = relative.startsWith('assets/');
      const worker = WORKER_FILE.test(relative);
      const headers: Record<string, string> = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      };
      const variants = await encodedVariants(file);
      if (variants.length > 0) headers['vary'] = 'Accept-Encoding';
      const encoding = pickEncoding(c.req.header('accept-encoding'), variants);
      if (encoding) headers['content-encoding'] = encoding;
      return c.body(await readFile(encoding ? file + ENCODED_SUFFIX[encoding] : file), 200, headers);
    }
    if (relative.startsWith('assets/')) return c.text('Не найдено', 404);
    return appPage(c, root, 200);
  });
}

/**
 * A browser asking for any other page gets the app, which shows its 404 page ('Страница не найдена'):
 * no address of the site answers a person with JSON. Calls (/app/…, /go/…) keep their JSON answers.
 */
export function mountAppNotFound(app: Hono<AppEnv>, distDir: string, json: (c: Context<AppEnv>) => Response): void {
  const root = resolve(distDir);
  app.notFound((c) => {
    const page = (c.req.method === 'GET' || c.req.method === 'HEAD') && !/^\/(app|go)(\/|$)/.test(c.req.path);
    return page ? appPage(c, root, 404) : json(c);
  });
}

async function appPage(c: Context<AppEnv>, root: string, status: 200 | 404): Promise<Response> {
  const index = resolve(root, 'index.html');
  const html = (await isFile(index)) ? await readFile(index, 'utf8') : NOT_BUILT;
  return c.html(html, status, {
    'cache-control': 'no-cache',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  });
}

/** The path with its %-escapes decoded; null when the escapes are malformed or decode to a NUL. */
function decodedPath(raw: string): string | null {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** The precompressed copies the build wrote beside `file` (tooling/precompress.ts). */
async function encodedVariants(file: string): Promise<Encoding[]> {
  const encodings = Object.keys(ENCODED_SUFFIX) as Encoding[];
  const present = await Promise.all(encodings.map((encoding) => isFile(file + ENCODED_SUFFIX[encoding])));
  return encodings.filter((_encoding, index) => present[index]);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
