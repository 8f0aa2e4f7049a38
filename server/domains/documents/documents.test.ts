import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, documents, finances, shell } from '../../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 26 item 4: the offer and privacy pages, their versions, the course link and the site's 404s. */
describe.each(testDialects)('school documents on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('serves the seeded templates to anyone, without signing in', async () => {
    for (const kind of ['oferta', 'privacy'] as const) {
      const { document } = await server.anonymous.call(documents.getSchoolDocument, { kind });
      expect(document.title).toBe(kind === 'oferta' ? 'Договор-оферта' : 'Политика конфиденциальности');
      expect(document.text).toContain('Это шаблон');
      expect(document.effectiveFrom).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(document.versionId).toBeGreaterThan(0);
    }
    const unknown = await server.anonymous.callRaw(documents.getSchoolDocument, { kind: 'rules' });
    expect(unknown.body.success).toBe('0');
  });

  it('lets an admin add versions (now or from a future date), shows the one in effect and records it with a top-up', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const { versionId } = await socket.request(admin.addDocumentVersion, { kind: 'oferta', text: '## Оферта школы\n\nНовая редакция.', effectiveFrom: '' });
    const page = await server.anonymous.call(documents.getSchoolDocument, { kind: 'oferta' });
    expect(page.document).toMatchObject({ versionId, text: '## Оферта школы\n\nНовая редакция.' });

    // A version from tomorrow waits: the page keeps showing today's one.
    const tomorrow = new Date(Date.now() + DAY + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await socket.request(admin.addDocumentVersion, { kind: 'oferta', text: 'Редакция с завтрашнего дня', effectiveFrom: tomorrow });
    expect((await server.anonymous.call(documents.getSchoolDocument, { kind: 'oferta' })).document.versionId).toBe(versionId);
    const tab = await socket.request(admin.getDocumentsAdmin, {});
    const oferta = tab.documents.find((doc) => doc.kind === 'oferta')!;
    expect(oferta.versions.map((version) => [version.text.slice(0, 12), version.current, version.scheduled])).toEqual([
      ['Редакция с з', '0', '1'],
      ['## Оферта шк', '1', '0'],
      ['> **Это шабл', '0', '0'],
    ]);
    expect(oferta.versions[0]!.authorName).toBe('Миронова Ольга');

    // Failure paths: an empty text and a date in the past change nothing.
    expect((await socket.requestRaw(admin.addDocumentVersion.path, { kind: 'oferta', text: '   ', effectiveFrom: '' })).message).toContain('текст документа пуст');
    expect((await socket.requestRaw(admin.addDocumentVersion.path, { kind: 'oferta', text: 'x', effectiveFrom: '2020-01-01' })).message).toContain('не может быть в прошлом');
    expect((await socket.request(admin.getDocumentsAdmin, {})).documents.find((doc) => doc.kind === 'oferta')!.versions).toHaveLength(3);
    socket.close();

    const student = await server.signIn('student');
    const link = await student.callRaw(finances.getTinkoffPaymentLink, { amount: '500' });
    expect(link.body.success).toBe('1');
    const order = await server.server.services.db.selectFrom('payment_orders').select('offer_document_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(order.offer_document_id).toBe(versionId);
  });

  it('keeps the documents tab to admins', async () => {
    const socket = await (await server.signIn('student')).openLive();
    expect((await socket.requestRaw(admin.addDocumentVersion.path, { kind: 'oferta', text: 'чужой текст', effectiveFrom: '' })).message).toBe('Недостаточно прав для этого действия.');
    socket.close();
  });

  it('hides the course link until it is set, then sends /kurs there with its campaign marker', async () => {
    expect((await server.anonymous.call(documents.getSiteLinks, {})).coursePageUrl).toBe('');
    const unset = await fetch(`${server.url}/kurs?utm_source=platform`, { redirect: 'manual' });
    expect(unset.status).toBe(404);
    expect(unset.headers.get('content-type')).toContain('text/html');

    const socket = await (await server.signIn('admin')).openLive();
    expect((await socket.requestRaw(admin.updateCoursePageUrl.path, { coursePageUrl: 'javascript:alert(1)' })).success).toBe('0');
    await socket.request(admin.updateCoursePageUrl, { coursePageUrl: 'https://school.example/kurs' });
    socket.close();
    expect((await server.anonymous.call(documents.getSiteLinks, {})).coursePageUrl).toBe('https://school.example/kurs');
    const set = await fetch(`${server.url}/kurs?utm_source=platform&utm_medium=login`, { redirect: 'manual' });
    expect(set.status).toBe(302);
    expect(set.headers.get('location')).toBe('https://school.example/kurs?utm_source=platform&utm_medium=login');
  });

  it('keeps the old platform address (the curators’ «Старая платформа»): unset, refused when not a web address, set, read by staff', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    expect((await socket.request(admin.getDocumentsAdmin, {})).oldPlatformUrl).toBe('');
    const bad = await socket.requestRaw(admin.updateCoursePageUrl.path, { coursePageUrl: '', oldPlatformUrl: 'javascript:alert(1)' });
    expect(bad.success).toBe('0');
    expect((await socket.request(admin.getDocumentsAdmin, {})).oldPlatformUrl).toBe('');
    await socket.request(admin.updateCoursePageUrl, { coursePageUrl: '', oldPlatformUrl: 'https://old.school.example/' });
    expect((await socket.request(admin.getDocumentsAdmin, {})).oldPlatformUrl).toBe('https://old.school.example/');
    // Without the field the address stays as it is.
    await socket.request(admin.updateCoursePageUrl, { coursePageUrl: '' });
    expect((await socket.request(admin.getDocumentsAdmin, {})).oldPlatformUrl).toBe('https://old.school.example/');
    socket.close();
    const curator = await server.signIn('curator');
    expect((await curator.call(shell.getVariablesStr, { variableNames: ['OLD_PLATFORM_URL'] })).variablesStr.OLD_PLATFORM_URL).toBe('https://old.school.example/');
  });

  it('sends the old addresses to pages and answers unknown browser pages with the app, calls with JSON', async () => {
    const location = async (path: string) => (await fetch(server.url + path, { redirect: 'manual' })).headers.get('location');
    expect(await location('/kurs/oferta')).toBe('/study/oferta');
    expect(await location('/kurs/privacy')).toBe('/study/privacy');
    expect(await location('/curator')).toBe('/study/login?for=curator');

    for (const path of ['/no/such/page', '/kurs/unknown', '/favicon-old.png']) {
      const page = await fetch(server.url + path);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).not.toContain('"success"');
    }
    const call = await fetch(`${server.url}/app/api/no_such_call.php`, { method: 'POST', body: '{}' });
    expect(await call.json()).toMatchObject({ success: '0', message: 'Неизвестный метод.' });
    const getCall = await fetch(`${server.url}/app/api/no_such_call.php`);
    expect((await getCall.json()).success).toBe('0');
  });
});
