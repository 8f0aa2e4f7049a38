import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_DOWNLOAD_PATH } from '../../src/shared/contract/files';
import { exportChunksXlsx } from '../../src/shared/contract/knowledge';
import { exportGroupProgressXlsx } from '../../src/shared/contract/learning';
import { exportCoursePackage } from '../../src/shared/contract/course-editor';
import { PAYMENT_NOTIFICATION_PATH } from '../../server/domains/finances/paths';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const SENT_LIMIT = 64 * 1024 * 1024;

/**
 * A JSON body sent chunked (no content-length, so no early refusal by the header), as long as the
 * server keeps reading; resolves with the answer and how much the client had sent by then.
 */
function chunkedFlood(url: string): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
      req.destroy();
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < SENT_LIMIT) {
        sent += CHUNK.length;
        if (!req.write(sent === CHUNK.length ? Buffer.concat([Buffer.from('{"a":"'), CHUNK]) : CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

describe.each(testDialects)('hostile request bodies on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it.each([
    ['a public call', '/app/api/auth/local_sign_in.php', 1],
    ['a signed call', '/app/api/user_info/set_goals.php', 1],
    ['the file download', FILE_DOWNLOAD_PATH, 0.0625],
    ['the chunks export', exportChunksXlsx.path, 0.0625],
    ['the group progress export', exportGroupProgressXlsx.path, 0.0625],
    ['the course package export', exportCoursePackage.path, 0.0625],
    ['the payment notification', PAYMENT_NOTIFICATION_PATH, 0.0625],
  ])('%s: a chunked body past its limit is refused with 413 while it streams, not read to the end', async (_name, path, limitMb) => {
    const { status, sent } = await chunkedFlood(server.url + path);
    expect(status).toBe(413);
    // The answer came soon after the limit, not after the 64 MiB the client was ready to send
    // (what is in flight in the sockets' buffers comes on top of the limit).
    expect(sent).toBeLessThan((limitMb + 8) * 1024 * 1024);
    const reply = await server.anonymous.post('/app/api/auth/local_sign_in.php', { login: 'нет-такого', password: 'x' });
    expect(reply.status).toBeLessThan(500);
  });
});
