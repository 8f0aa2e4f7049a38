import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../../../server/auth/sessions';
import { STREAM_PATH, signStreamCookies } from '../../../src/shared/signing';
import type { TestClient } from '../../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../helpers/server';

const MINUTE = 60_000;

function cookieHeader(values: { device: string; ts: string; signature: string }): string {
  return `device=${values.device}; ts=${values.ts}; signature=${values.signature}`;
}

describe.each(testDialects)('HLS stream behind signed cookies on %s', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  let videoIds: number[];

  const db = () => server.server.services.db;
  const get = (query: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${STREAM_PATH}?${query}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const cookiesFor = async (client: TestClient, ts = Date.now()) => cookieHeader(await signStreamCookies(client.session!, ts));

  /** A refusal is small JSON with a Russian message and never media bytes. */
  async function expectRefused(response: Response, status: number): Promise<string> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { success: string; message: string };
    expect(body.success).toBe('0');
    expect(body.message).toMatch(/[а-яё]/i);
    return body.message;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { DEMO_MEDIA: '1' } });
    await server.server.jobs.stop();
    await server.server.jobs.runDue(Date.now() + 1000);
    student = await server.signIn('student');
    videoIds = (await db().selectFrom('videos').select('id').where('filename', 'like', 'demo-%').orderBy('id').execute()).map((row) => row.id);
  }, 120_000);
  afterAll(() => server.close());

  it('gives demo videos real media: ready, with a duration and both renditions', async () => {
    const rows = await db().selectFrom('videos').select(['media_status', 'media_key', 'duration_ms']).where('id', 'in', videoIds).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.media_status).toBe('ready');
      expect(row.media_key).not.toBe('');
      expect(row.duration_ms).toBeGreaterThan(30_000);
    }
  });

  it('serves the rewritten playlist and segment bytes with valid cookies, high and low', async () => {
    const cookie = await cookiesFor(student);
    for (const low of ['0', '1']) {
      const playlist = await get(`video_id=${videoIds[0]}&low=${low}`, cookie);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(playlist.headers.get('cache-control')).toContain('private');
      const text = await playlist.text();
      expect(text).toContain('#EXTM3U');
      const segments = text.split('\n').filter((line) => line.startsWith('v_link_new.php?'));
      expect(segments.length).toBeGreaterThanOrEqual(8);
      expect(segments[0]).toBe(`v_link_new.php?video_id=${videoIds[0]}&low=${low}&segment=seg_00000.ts`);
      const segment = await get(segments[0]!.split('?')[1]!, cookie);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      const bytes = new Uint8Array(await segment.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    }
  });

  it('answers a byte range of a segment', async () => {
    const cookie = await cookiesFor(student);
    const ranged = await get(`video_id=${videoIds[0]}&segment=seg_00001.ts`, cookie, { range: 'bytes=0-187' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(188);
    const head = await fetch(`${server.url}${STREAM_PATH}?video_id=${videoIds[0]}&segment=seg_00001.ts`, { method: 'HEAD', headers: { cookie } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const headRefused = await fetch(`${server.url}${STREAM_PATH}?video_id=${videoIds[0]}&segment=seg_00001.ts`, { method: 'HEAD' });
    expect(headRefused.status).toBe(401);
  });

  it('refuses without cookies, with forged, stale or future cookies, and for another device', async () => {
    const query = `video_id=${videoIds[0]}&segment=seg_00000.ts`;
    await expectRefused(await get(query), 401);
    const good = await signStreamCookies(student.session!, Date.now());
    await expectRefused(await get(query, cookieHeader({ ...good, signature: 'a'.repeat(64) })), 401);
    await expectRefused(await get(query, cookieHeader({ ...good, ts: String(Number(good.ts) + 1) })), 401);
    expect(await expectRefused(await get(query, await cookiesFor(student, Date.now() - 11 * MINUTE)), 401)).toContain('устарела');
    await expectRefused(await get(query, await cookiesFor(student, Date.now() + 6 * MINUTE)), 401);
    // Signed with the student's token but naming another session's device.
    const other = await server.signIn('admin');
    await expectRefused(await get(query, cookieHeader({ ...good, device: other.session!.device })), 401);
    // The playlist is refused the same way.
    await expectRefused(await get(`video_id=${videoIds[0]}`), 401);
  });

  it('lets the desktop app (app://enot) read the stream cross-origin', async () => {
    const response = await get(`video_id=${videoIds[0]}`, await cookiesFor(student), { origin: 'app://enot' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('app://enot');
    expect((await get(`video_id=${videoIds[0]}`, await cookiesFor(student), { origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a signed-out session', async () => {
    const leaving = await server.signIn('student');
    const cookie = await cookiesFor(leaving);
    expect((await get(`video_id=${videoIds[0]}`, cookie)).status).toBe(200);
    await revokeSession(db(), leaving.session!.device, Date.now());
    await expectRefused(await get(`video_id=${videoIds[0]}&segment=seg_00000.ts`, cookie), 401);
  });

  it('refuses a student the lesson is closed to and an unpublished video, but lets a video editor watch', async () => {
    const video = await db().selectFrom('videos').select(['id', 'lesson_num']).where('id', '=', videoIds[1]!).executeTakeFirstOrThrow();
    const lesson = await db().selectFrom('lessons').select(['opens_at', 'demo_access']).where('number', '=', video.lesson_num!).executeTakeFirstOrThrow();
    const cookie = await cookiesFor(student);
    const admin = await server.signIn('admin');
    try {
      await db().updateTable('lessons').set({ opens_at: Date.now() + 7 * 24 * 60 * MINUTE, demo_access: 0 }).where('number', '=', video.lesson_num!).execute();
      await expectRefused(await get(`video_id=${video.id}&segment=seg_00000.ts`, cookie), 403);
      await expectRefused(await get(`video_id=${video.id}`, cookie), 403);
      expect((await get(`video_id=${video.id}&segment=seg_00000.ts`, await cookiesFor(admin))).status).toBe(200);
    } finally {
      await db().updateTable('lessons').set(lesson).where('number', '=', video.lesson_num!).execute();
    }
    try {
      await db().updateTable('videos').set({ is_published: 0 }).where('id', '=', video.id).execute();
      await expectRefused(await get(`video_id=${video.id}&segment=seg_00000.ts`, cookie), 403);
    } finally {
      await db().updateTable('videos').set({ is_published: 1 }).where('id', '=', video.id).execute();
    }
    expect((await get(`video_id=${video.id}&segment=seg_00000.ts`, cookie)).status).toBe(200);
  });

  it('refuses unknown videos, media not ready and segment names that are not plain segment names', async () => {
    const cookie = await cookiesFor(student);
    await expectRefused(await get('video_id=999999', cookie), 404);
    await expectRefused(await get('video_id=abc', cookie), 404);
    for (const name of ['../../../../etc/passwd', '..%2F..%2Findex.m3u8', 'index.m3u8', 'seg_1.ts', 'seg_00000.ts/..', '%2Fetc%2Fpasswd']) {
      await expectRefused(await get(`video_id=${videoIds[0]}&segment=${name}`, cookie), 400);
    }
    await expectRefused(await get(`video_id=${videoIds[0]}&segment=seg_99999.ts`, cookie), 404);
    const [first] = videoIds;
    const saved = await db().selectFrom('videos').select(['media_status']).where('id', '=', first!).executeTakeFirstOrThrow();
    try {
      await db().updateTable('videos').set({ media_status: 'processing' }).where('id', '=', first!).execute();
      await expectRefused(await get(`video_id=${first}&segment=seg_00000.ts`, cookie), 404);
    } finally {
      await db().updateTable('videos').set(saved).where('id', '=', first!).execute();
    }
  });

  it('serves the generated square preview publicly', async () => {
    const response = await fetch(`${server.url}/app/images/videos/${videoIds[0]}_squared.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.url}/app/images/videos/..%2F${videoIds[0]}_squared.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/app/images/videos/999999_squared.png`)).status).toBe(404);
  });
});
