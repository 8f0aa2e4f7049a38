import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth, files, homeworkP2, mailings, textbooks, videoMedia } from '../../src/shared/contract';
import { MESSAGES } from '../../server/contract/errors';
import { FILE_DOWNLOAD_PATH } from '../../src/shared/contract/files';
import { createLogger } from '../../server/log';
import { UPLOAD_MESSAGES } from '../../server/uploads';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';
import { TEST_BOUNDARY } from '../helpers/streamed-upload';

/**
 * Issue 37, slow clients: an upload whose signed `data` part never finishes is cut at
 * UPLOAD_DATA_TIMEOUT_MS with 408 and its connection closed, leaving no scratch; past
 * MAX_CONNECTIONS the extra connection is refused while the open ones keep being served.
 * The deadline is short here through config; the tests wait for the outcome, not for time.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

interface SlowReply {
  status: number;
  body: unknown;
  /** The server closed the connection after answering. */
  closed: Promise<void>;
}

/** Starts a POST with these headers, sends `firstBytes` of its body and then nothing more. */
function stalledRequest(url: string, headers: Record<string, string>, firstBytes: string): Promise<SlowReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers });
    const closed = new Promise<void>((done) => req.once('close', () => done()));
    req.on('error', () => undefined);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), closed });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.write(firstBytes);
  });
}

/** Starts a multipart upload, sends the beginning of the `data` part and then nothing more. */
function stalledUpload(url: string): Promise<SlowReply> {
  const headers = { 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}`, 'content-length': '100000' };
  return stalledRequest(url, headers, `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"videoId":`);
}

/** Starts a JSON POST (a call or a download), declares its length, sends the first bytes and then nothing more. */
function stalledJson(url: string): Promise<SlowReply> {
  return stalledRequest(url, { 'content-type': 'application/json', 'content-length': '2000' }, '{"device":"d","ts":');
}

/** A raw keep-alive connection that sends GET requests one after the other. */
class RawConnection {
  private buffer = '';
  readonly ended: Promise<void>;
  private waiting: (() => void) | undefined;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      this.buffer += text;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
    this.ended = new Promise((done) => socket.once('close', () => done()));
    void this.ended.then(() => this.waiting?.());
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** The status of GET `path`, or null when the server closed the connection without an answer. */
  async get(path: string): Promise<number | null> {
    this.buffer = '';
    if (!this.socket.destroyed) this.socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
    while (!/\r\n\r\n\{"ok":true\}/.test(this.buffer)) {
      if (this.socket.destroyed || this.socket.readableEnded) return null;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(this.buffer)?.[1] ?? 0);
  }

  close(): void {
    this.socket.destroy();
  }
}

describe.each(testDialects)('slow clients on %s', (dialect) => {
  let server: TestServer;
  let scratch: string;
  const problems: string[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'enot-slow-scratch-'));
    server = await startTestServer({ dialect, env: { UPLOAD_SCRATCH_DIR: scratch, UPLOAD_DATA_TIMEOUT_MS: '300', BODY_TIMEOUT_MS: '300' }, log: createLogger('warn', (line) => problems.push(line)) });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('uploads whose data part never finishes are cut with 408 and the Russian message, their connections closed, no scratch left', async () => {
    const routes = [videoMedia.uploadVideo.path, files.createFile.path, textbooks.uploadBookPages.path, mailings.createImage.path];
    // Forty at once, ten per route: each is cut by its own deadline.
    const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => stalledUpload(server.url + routes[index % routes.length]!)));
    for (const reply of replies) expect({ status: reply.status, body: reply.body }).toEqual({ status: 408, body: { success: '0', message: UPLOAD_MESSAGES.tooSlow } });
    await Promise.all(replies.map((reply) => reply.closed));
    expect(readdirSync(scratch)).toEqual([]);
    expect(problems.filter((line) => / ERROR /.test(line))).toEqual([]);
  }, 60_000);

  it('a JSON body that trickles (calls, public or signed, and downloads) is cut with 408 and the Russian message, its connection closed', async () => {
    const routes = [account.getUserInfo.path, auth.localSignIn.path, homeworkP2.saveHtP2New.path, FILE_DOWNLOAD_PATH];
    const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => stalledJson(server.url + routes[index % routes.length]!)));
    for (const reply of replies) expect({ status: reply.status, body: reply.body }).toEqual({ status: 408, body: { success: '0', message: MESSAGES.slowBody } });
    await Promise.all(replies.map((reply) => reply.closed));
    // A body sent in time still goes through.
    const admin = await server.signIn('admin');
    expect((await admin.callRaw(account.getUserInfo, {})).status).toBe(200);
    expect(problems.filter((line) => / ERROR /.test(line))).toEqual([]);
  }, 60_000);

  it('an upload that sends its data part in time is not cut', async () => {
    const admin = await server.signIn('admin');
    const reply = await admin.upload(mailings.createImage.path, {}, PNG, 'photo.png');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe('1');
    await expect.poll(() => readdirSync(scratch), { timeout: 5_000, interval: 20 }).toEqual([]);
  });
});

describe.each(testDialects)('the connection cap on %s', (dialect) => {
  let server: TestServer;
  const warnings: string[] = [];
  const CAP = 4;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { MAX_CONNECTIONS: String(CAP) }, log: createLogger('warn', (line) => warnings.push(line)) });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses the connection over MAX_CONNECTIONS while the open ones keep working; a freed place is taken again', async () => {
    const port = server.server.port;
    const open: RawConnection[] = [];
    for (let index = 0; index < CAP; index += 1) {
      const connection = await RawConnection.open(port);
      expect(await connection.get('/healthz')).toBe(200);
      open.push(connection);
    }
    const extra = await RawConnection.open(port);
    expect(await extra.get('/healthz')).toBeNull();
    await extra.ended;
    // The open connections are served as before, keep-alive and all.
    for (const connection of open) expect(await connection.get('/healthz')).toBe(200);
    expect(warnings.filter((line) => /Соединение отклонено/.test(line))).toHaveLength(1);

    open.pop()!.close();
    // Once the server has seen the close, a new visitor gets in.
    await expect
      .poll(
        async () => {
          const next = await RawConnection.open(port);
          const status = await next.get('/healthz');
          if (status === 200) open.push(next);
          else next.close();
          return status;
        },
        { timeout: 5_000, interval: 50 },
      )
      .toBe(200);
    for (const connection of open) connection.close();
  });
});
