import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** The scheme and host the renderer is served from: app://enot/study/... */
export const APP_SCHEME = 'app';
export const APP_HOST = 'enot';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The renderer is built with base '/study/' (the web build served by the server shares it). */
export const APP_BASE_PATH = '/study/';
export const APP_START_URL = `${APP_ORIGIN}${APP_BASE_PATH}`;

export interface AppProtocolOptions {
  /** out/renderer */
  rootDir: string;
  /** Read per request: a changed server address applies from the next page load. */
  contentSecurityPolicy: () => string;
}

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built renderer from disk for protocol.handle('app', ...). A file that exists is
 * served; every other path gets index.html so client-side routes (/study/homework/12) load
 * from disk. Missing files in an assets/ folder get 404: an HTML answer for a script only hides the error.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = resolve(options.rootDir);
  const indexFile = resolve(root, 'index.html');

  const respond = async (file: string, status = 200): Promise<Response> =>
    new Response(new Uint8Array(await readFile(file)), {
      status,
      headers: {
        'content-type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': options.contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
        // Hashed assets never change; index.html must be re-read after an update.
        'cache-control': file === indexFile ? 'no-cache' : 'public, max-age=31536000, immutable',
      },
    });
  const plain = (status: number, text: string) =>
    new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Метод не поддерживается');
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return plain(404, 'Не найдено');

    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return plain(400, 'Некорректный адрес');
    }
    const relative = path.startsWith(APP_BASE_PATH) ? path.slice(APP_BASE_PATH.length) : path.slice(1);
    const file = resolve(root, relative);
    if (file !== root && !file.startsWith(root + sep)) return plain(404, 'Не найдено');

    if (relative && (await isFile(file))) return respond(file);
    const nested = await findFromNestedRoute(root, relative);
    if (nested) return respond(nested);
    if (/(^|\/)assets\//.test(relative)) return plain(404, 'Не найдено');
    return respond(indexFile);
  };
}

/**
 * electron-vite builds the renderer with base './', so index.html names './assets/x.js'. Loaded
 * at /study/homework/12 the page asks for /study/homework/12/assets/x.js: find the file by
 * dropping leading route segments. Only for names with an extension; routes have none.
 */
async function findFromNestedRoute(root: string, relative: string): Promise<string | null> {
  if (!extname(relative)) return null;
  const segments = relative.split('/');
  for (let start = 1; start < segments.length; start += 1) {
    const candidate = resolve(root, ...segments.slice(start));
    if (candidate.startsWith(root + sep) && (await isFile(candidate))) return candidate;
  }
  return null;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
