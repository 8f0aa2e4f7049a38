import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../src/shared/contract';
import { FILE_DOWNLOAD_PATH, FILE_TEXTS } from '../../../src/shared/contract/files';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { TestClient } from '../../../tests/helpers/client';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(testDialects)('file library on %s', (dialect) => {
  let server: TestServer;
  let curator: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    curator = await server.signIn('curator');
  });
  afterAll(() => server.close());

  const download = async (client: TestClient | null, fileName: string) => {
    const body = client ? await client.sign(FILE_DOWNLOAD_PATH, { fileName }) : { fileName };
    return fetch(server.url + FILE_DOWNLOAD_PATH, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  };

  it('uploads a PDF under its sanitised name through storage, lists, downloads with a session and deletes it', async () => {
    const uploaded = await curator.upload(files.createFile.path, { description: 'Кодификатор 2027' }, PDF, '../Кодификатор <ЕГЭ>.pdf');
    expect(uploaded.body).toMatchObject({ success: '1', fileName: 'Кодификатор _ЕГЭ_.pdf' });
    const again = await curator.upload(files.createFile.path, { description: 'Ещё раз' }, PDF, 'Кодификатор <ЕГЭ>.pdf');
    expect(again.body.fileName).toBe('Кодификатор _ЕГЭ_ (2).pdf');

    const socket = await curator.openLive();
    const list = await socket.request(files.getFilesList, {});
    expect(list.files[1]).toMatchObject({ fileName: 'Кодификатор _ЕГЭ_.pdf', fileSize: PDF.length, description: 'Кодификатор 2027', userMade: 'Соколов Дмитрий' });

    const response = await download(curator, 'Кодификатор _ЕГЭ_.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    const anonymous = await download(null, 'Кодификатор _ЕГЭ_.pdf');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: '-1' });
    const student = await server.signIn('student');
    expect((await download(student, 'Кодификатор _ЕГЭ_.pdf')).status).toBe(403);

    await socket.request(files.deleteFile, { fileName: 'Кодификатор _ЕГЭ_.pdf' });
    expect((await socket.request(files.getFilesList, {})).files.map((file) => file.fileName)).toEqual(['Кодификатор _ЕГЭ_ (2).pdf']);
    expect((await download(curator, 'Кодификатор _ЕГЭ_.pdf')).status).toBe(404);
    expect(await socket.requestRaw(files.deleteFile.path, { fileName: 'нет такого.pdf' })).toEqual({ success: '0', message: FILE_TEXTS.notFound });
    socket.close();
  });

  it('refuses an executable renamed .pdf, a mismatched type, a missing description and an oversized file', async () => {
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(200)]);
    expect((await curator.upload(files.createFile.path, { description: 'Методичка' }, exe, 'методичка.pdf')).body).toEqual({ success: '0', message: FILE_TEXTS.badType });
    expect((await curator.upload(files.createFile.path, { description: 'Таблица' }, Buffer.from('a;b\n1;2\n'), 'таблица.pdf')).body).toEqual({ success: '0', message: FILE_TEXTS.mismatch });
    expect((await curator.upload(files.createFile.path, { description: '  ' }, PDF, 'a.pdf')).body).toEqual({ success: '0', message: FILE_TEXTS.noDescription });
    const big = await curator.upload(files.createFile.path, { description: 'Большой' }, Buffer.alloc(32 * 1024 * 1024 + 10, 0x41), 'big.txt');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(FILE_TEXTS.tooLarge);
    const socket = await curator.openLive();
    expect((await socket.request(files.getFilesList, {})).files.map((file) => file.fileName)).toEqual(['Кодификатор _ЕГЭ_ (2).pdf']);
    socket.close();
  });
});
