import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Implementation } from './contract/implement';
import { mountHttpCalls, type AppEnv } from './contract/http-router';
import { MESSAGES } from './contract/errors';
import { mountDomainRoutes } from './domains';
import type { Services } from './services';
import { mountAppNotFound, mountWebApp } from './web';
import { isOutage } from './contract/unavailable';
import { isDiskFull, logDiskFull } from './contract/disk-full';
import { mountHealthRoutes } from './health/routes';
import { diskSpaceCheck, watchedFolders } from './health/disk-space';
import { mountLoopDelayBench } from './health/loop-delay';
import { readBodyText } from './contract/bounded-body';
import { compressAnswers } from './compression';
import { useRequestChain } from './contract/request-chain';

/** Origins of the desktop app's pages (src/main/protocol/app-protocol.ts). */
const DESKTOP_ORIGINS = ['app://enot'];

/**
 * CORS for the desktop origin only. Every other request (same-origin browser calls, the apps)
 * skips it: Hono's cors appends `Vary` to every response, and a changed header makes the adapter
 * build a full Response and stream it instead of writing the prepared body in one go.
 */
function desktopCors(allowMethods: string[]): MiddlewareHandler<AppEnv> {
  const handler = cors({ origin: DESKTOP_ORIGINS, allowMethods, allowHeaders: ['content-type', 'x-client'], maxAge: 86400 });
  return (c, next) => (c.req.method === 'OPTIONS' || DESKTOP_ORIGINS.includes(c.req.header('origin') ?? '') ? handler(c, next) : next());
}

/** The Hono app: every HTTP contract, health, the web app, and a 404 for anything unknown (JSON for calls, the app's page for browsers). */
export function buildApp(services: Services, implementations: readonly Implementation[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // First on every route: request id and the one access line (contract/request-chain.ts).
  useRequestChain(app, services);
  // HTML and JSON answers of 1 KB and more, brotli or gzip when the client accepts it.
  app.use(compressAnswers());

  mountHealthRoutes(app, services.health, diskSpaceCheck(watchedFolders(services.config), services.config.DISK_FREE_MIN_MB));

  // The desktop app's pages come from app://enot and call this server directly.
  app.use('/app/api/*', desktopCors(['POST', 'OPTIONS']));
  app.use('/go/*', desktopCors(['GET', 'POST', 'OPTIONS']));
  mountHttpCalls(app, services, implementations);
  // Uploads, images, streams, webhooks and site links: each domain's module.ts.
  mountDomainRoutes(app, services);

  if (services.config.BENCH_ROUTES) {
    // Baseline for tests/bench: parses the same JSON body as a real call and returns a constant.
    app.post('/bench/constant', async (c) => {
      JSON.parse((await readBodyText(c.req.raw, 1024 * 1024)) ?? '{}');
      return c.json({ success: '1', message: '' });
    });
    mountLoopDelayBench(app);
  }

  mountWebApp(app, services.config.WEB_DIST);
  app.get('/', (c) => c.redirect('/study/'));

  // Calls get the JSON envelope; a person's browser gets the app's 404 page.
  mountAppNotFound(app, services.config.WEB_DIST, (c) => c.json({ success: '0', message: MESSAGES.unknownMethod }, 404));
  app.onError((error, c) => {
    // Uploads, images and other routes outside the call pipeline: an outage is a 503 too.
    if (isOutage(services.health, error)) return c.json({ success: '0', message: MESSAGES.unavailable }, 503);
    if (isDiskFull(error)) {
      logDiskFull(services.log, `${c.req.method} ${c.req.path}`, error);
      return c.json({ success: '0', message: MESSAGES.diskFull }, 507);
    }
    services.log.error(`${c.req.method} ${c.req.path}: unhandled error (${c.get('requestId')})`, error);
    return c.json({ success: '0', message: MESSAGES.internal }, 500);
  });
  return app;
}
