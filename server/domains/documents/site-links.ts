import type { Hono } from 'hono';
import type { AppEnv } from '../../contract/http-router';
import { coursePageUrl } from '../../documents/store';
import type { Services } from '../../services';

/**
 * The addresses the old site and the spec's links use (shell §2.1, top-up popup), sent to real
 * pages: /kurs/oferta and /kurs/privacy to the documents, /curator to the curators' sign-in, and
 * /kurs to the school's course page when it is set. While it is not, /kurs falls through to the
 * app's 404 page.
 */
export function mountSiteLinks(app: Hono<AppEnv>, services: Services): void {
  app.get('/kurs/oferta', (c) => c.redirect('/study/oferta'));
  app.get('/kurs/privacy', (c) => c.redirect('/study/privacy'));
  app.get('/curator', (c) => c.redirect('/study/login?for=curator'));
  app.get('/kurs', async (c, next) => {
    const url = await coursePageUrl(services.db);
    if (!url) return next();
    const query = new URL(c.req.url).search;
    return c.redirect(query ? `${url}${url.includes('?') ? '&' : '?'}${query.slice(1)}` : url);
  });
}
