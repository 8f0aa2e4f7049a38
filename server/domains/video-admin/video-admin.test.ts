import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAdmin } from '../../../src/shared/contract';
import { grantGroup, revokeGroup } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../../../tests/stand-ins/transcription';
import { useVideoStorage, type VideoStorage } from './video-source';

const REFUSED = { success: '0', message: 'Недостаточно прав для этого действия.' };

/** Gives a video an accepted upload, as the media domain does after the transcode job. */
async function giveFile(server: TestServer, videoId: number, durationMs = 600_000) {
  await server.server.services.db
    .updateTable('videos')
    .set({ filename: `lesson-${videoId}.mp4`, media_status: 'ready', media_key: `v${videoId}`, duration_ms: durationMs })
    .where('id', '=', videoId)
    .execute();
}

describe.each(testDialects)('video administration on %s', (dialect) => {
  let server: TestServer;
  let standIn: TranscriptionStandIn;
  let dir: string;
  const removed: number[] = [];
  beforeAll(async () => {
    standIn = await startTranscriptionStandIn();
    server = await startTestServer({ dialect, env: { TRANSCRIPTION_URL: standIn.url, TRANSCRIPTION_API_KEY: 'sk-local' } });
    dir = mkdtempSync(join(tmpdir(), 'enot-vadmin-'));
    const clip = join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', '-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-shortest', '-pix_fmt', 'yuv420p', clip]);
    const storage: VideoStorage = {
      async sourceOf(_services, video) {
        return video.media_key === 'missing' ? null : { path: clip, release: async () => undefined };
      },
      async remove(_services, video) {
        removed.push(video.id);
      },
    };
    useVideoStorage(storage);
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates, edits, lists and deletes a video with its timecodes and media', async () => {
    const curator = await (await server.signIn('curator')).openLive();
    const { videoId } = await curator.request(videoAdmin.createVideo, {});
    const created = await curator.request(videoAdmin.getVideo, { videoId });
    expect(created.video).toMatchObject({ videoId, videoPublic: '0', videoObyaz: '1', mediaStatus: 'none', videoLessonNum: '' });
    expect(created.transcriptionConfigured).toBe('1');

    const fields = { videoLessonNum: '3', videoShownName: ' Рынок ', videoChapter: 'Новый раздел', videoDescription: 'Описание', videoObyaz: '0', videoPublic: '1' } as const;
    await curator.request(videoAdmin.updateVideo, { videoId, videoFields: fields });
    const updated = await curator.request(videoAdmin.getVideo, { videoId });
    expect(updated.video).toMatchObject({ videoLessonNum: '3', videoShownName: 'Рынок', videoChapter: 'Новый раздел', videoObyaz: '0', videoPublic: '1' });

    const { chapters } = await curator.request(videoAdmin.getVideoChapters, {});
    expect(chapters).toContain('Экономика');
    expect(chapters).toContain('Новый раздел');

    const list = await curator.request(videoAdmin.getVideoList, {});
    const item = list.videos.find((video) => video.videoId === videoId)!;
    expect(item).toMatchObject({ videoShownName: 'Рынок', hasTranscript: '0' });
    expect(item).not.toHaveProperty('videoTranscribingJson');

    const http = await server.signIn('curator');
    const { timecode } = await http.call(videoAdmin.createVideoTimecode, { videoId, type: 'HASHTAG' });
    expect(timecode).toMatchObject({ videoId, type: 'HASHTAG', timeStart: 0, timeEnd: 0 });

    await curator.request(videoAdmin.deleteVideo, { videoId });
    expect(removed).toContain(Number(videoId));
    expect(await curator.requestRaw(videoAdmin.getVideo.path, { videoId })).toEqual({ success: '0', message: 'Видео не найдено' });
    const left = await server.server.services.db.selectFrom('timecodes').select('id').where('video_id', '=', Number(videoId)).execute();
    expect(left).toEqual([]);
    curator.close();
  });

  it('requires a chapter and an existing lesson', async () => {
    const admin = await (await server.signIn('admin')).openLive();
    const { videoId } = await admin.request(videoAdmin.createVideo, {});
    const base = { videoLessonNum: '', videoShownName: 'x', videoChapter: '  ', videoDescription: '', videoObyaz: '1', videoPublic: '0' };
    expect(await admin.requestRaw(videoAdmin.updateVideo.path, { videoId, videoFields: base })).toEqual({
      success: '0',
      message: 'Введите Имя нового раздела, или выберите имеющийся',
    });
    expect(await admin.requestRaw(videoAdmin.updateVideo.path, { videoId, videoFields: { ...base, videoChapter: 'Экономика', videoLessonNum: '999' } })).toEqual({
      success: '0',
      message: 'Урок 999 не найден',
    });
    expect((await admin.requestRaw(videoAdmin.deleteVideo.path, { videoId: 987654 })).message).toBe('Видео не найдено');
    admin.close();
  });

  it('is closed to students; timecode changers may edit timecodes but not videos', async () => {
    const student = await (await server.signIn('student')).openLive();
    for (const contract of [videoAdmin.getVideoList, videoAdmin.createVideo, videoAdmin.transcribeManyVideos]) {
      expect(await student.requestRaw(contract.path, { toTranscribe: 1 })).toEqual(REFUSED);
    }
    student.close();
    const studentHttp = await server.signIn('student');
    expect((await studentHttp.callRaw(videoAdmin.createVideoTimecode, { videoId: 1, type: 'THEME' })).body).toEqual(REFUSED);

    // A curator of another area who only changes timecodes.
    const db = server.server.services.db;
    const egor = await db.selectFrom('users').select(['id', 'user_type']).where('login', '=', 'egor').executeTakeFirstOrThrow();
    const now = Date.now();
    const owner = await (await server.signIn('admin')).openLive();
    const { videoId } = await owner.request(videoAdmin.createVideo, {});
    owner.close();
    const before = await db.selectFrom('permission_group_members').selectAll().where('user_id', '=', egor.id).execute();
    await grantGroup(server, egor.id, 'USERS_TIMECODE_CHANGERS');
    await server.server.services.iconRules.get();
    const changer = await server.signIn('egor');
    const created = await changer.callRaw(videoAdmin.createVideoTimecode, { videoId, type: 'THEME' });
    const refusedLive = await (await changer.openLive()).requestRaw(videoAdmin.getVideoList.path, {});
    await revokeGroup(server, egor.id, 'USERS_TIMECODE_CHANGERS');
    expect(before.some((row) => row.group_name === 'USERS_TIMECODE_CHANGERS')).toBe(false);
    expect(created.body.success, `egor is ${egor.user_type} at ${now}`).toBe('1');
    expect(refusedLive).toEqual(REFUSED);
  });

  it('validates timecodes: order, bounds, tags', async () => {
    const admin = await (await server.signIn('admin')).openLive();
    const { videoId } = await admin.request(videoAdmin.createVideo, {});
    admin.close();
    await giveFile(server, Number(videoId), 100_000);
    const http = await server.signIn('curator');
    const theme = (await http.call(videoAdmin.createVideoTimecode, { videoId, type: 'THEME' })).timecode;
    const explanation = (await http.call(videoAdmin.createVideoTimecode, { videoId, type: 'DETAILED_EXPLANATION' })).timecode;
    const tag = (await http.call(videoAdmin.createVideoTimecode, { videoId, type: 'HASHTAG' })).timecode;
    const row = (id: string, timeStart: number, timeEnd: number, extra: { description?: string; tag?: string } = {}) => ({
      timecodeId: id,
      timeStart,
      timeEnd,
      description: extra.description ?? '',
      tag: extra.tag ?? '',
    });

    const reversed = await http.callRaw(videoAdmin.updateTimecodes, {
      timecodes: [row(theme.timecodeId, 5000, 0, { description: 'Тема' }), row(explanation.timecodeId, 9000, 3000), row(tag.timecodeId, 2000, 1000, { tag: 'рынок' })],
    });
    expect(reversed.body).toEqual({ success: '0', message: `Время старта меньше времени окончания id-${explanation.timecodeId}, ${tag.timecodeId}` });

    const outside = await http.callRaw(videoAdmin.updateTimecodes, { timecodes: [row(explanation.timecodeId, 1000, 200_000)] });
    expect(outside.body.message).toBe(`Время вне длительности видео id-${explanation.timecodeId}`);
    const untagged = await http.callRaw(videoAdmin.updateTimecodes, { timecodes: [row(tag.timecodeId, 1000, 2000, { tag: '   ' })] });
    expect(untagged.body.message).toBe(`Укажите тег id-${tag.timecodeId}`);
    const unknown = await http.callRaw(videoAdmin.updateTimecodes, { timecodes: [row('99999999', 0, 0)] });
    expect(unknown.body.message).toBe('Таймкод не найден id-99999999');

    await http.call(videoAdmin.updateTimecodes, {
      timecodes: [row(theme.timecodeId, 5000, 0, { description: ' Тема урока ' }), row(explanation.timecodeId, 3000, 9000), row(tag.timecodeId, 1000, 2000, { tag: ' рынок ' })],
    });
    const { timecodes } = await http.call(videoAdmin.getAdminVideoTimecodes, { videoId });
    expect(timecodes.map((item) => [item.type, item.timeStart, item.timeEnd, item.description, item.tag])).toEqual([
      ['HASHTAG', 1000, 2000, '', 'рынок'],
      ['DETAILED_EXPLANATION', 3000, 9000, '', ''],
      ['THEME', 5000, 0, 'Тема урока', ''],
    ]);

    await http.call(videoAdmin.deleteVideoTimecodeById, { timecodeId: tag.timecodeId });
    expect((await http.callRaw(videoAdmin.deleteVideoTimecodeById, { timecodeId: tag.timecodeId })).body).toEqual({ success: '0', message: 'Таймкод не найден' });
    expect((await http.callRaw(videoAdmin.createVideoTimecode, { videoId: 99999999, type: 'THEME' })).body.message).toBe('Видео не найдено');
  });

  it('transcribes a video in a durable job and pushes its status', async () => {
    standIn.segments = [{ start: 0, end: 1, text: 'Добрый день' }];
    const socket = await (await server.signIn('curator')).openLive();
    const { videoId } = await socket.request(videoAdmin.createVideo, {});
    expect(await socket.requestRaw(videoAdmin.transcribeVideo.path, { videoId })).toEqual({ success: '0', message: 'У видео нет файла: сначала загрузите его' });
    await giveFile(server, Number(videoId));

    await socket.request(videoAdmin.transcribeVideo, { videoId });
    const initial = socket.nextPush(videoAdmin.updateVideoTranscribingStatus);
    await socket.request(videoAdmin.triggerUpdateVideoTranscribingStatus, { videoId });
    expect((await initial).body).toMatchObject({ videoId, status: 'Инициализация...', isFinished: '0' });

    const finished = socket.waitFor((message) => message.method === videoAdmin.updateVideoTranscribingStatus.path && (message.body as { isFinished: string }).isFinished === '1', 25_000, false);
    await server.server.jobs.runDue();
    expect((await finished).body).toEqual({ videoId, status: 'Расшифровка завершена', isFinished: '1' });
    const { video } = await socket.request(videoAdmin.getVideo, { videoId });
    expect(video.videoTranscribingSrt).toBe('1\n00:00:00,000 --> 00:00:01,000\nДобрый день\n');
    expect(JSON.parse(video.videoTranscribingJson).text).toBe('Добрый день');

    // A provider refusal ends the job with the reason shown.
    standIn.failWith = { status: 500, message: 'model overloaded' };
    const failed = socket.waitFor((message) => message.method === videoAdmin.updateVideoTranscribingStatus.path && (message.body as { isFinished: string }).isFinished === '1', 25_000, false);
    await socket.request(videoAdmin.transcribeVideo, { videoId });
    await server.server.jobs.runDue();
    expect((await failed).body).toMatchObject({ status: 'Ошибка: Сервис расшифровки ответил 500: model overloaded' });
    standIn.failWith = null;

    // No readable file (the upload is gone): said so, nothing stored.
    await server.server.services.db.updateTable('videos').set({ media_key: 'missing' }).where('id', '=', Number(videoId)).execute();
    const missing = socket.waitFor((message) => message.method === videoAdmin.updateVideoTranscribingStatus.path && (message.body as { isFinished: string }).isFinished === '1', 25_000, false);
    await socket.request(videoAdmin.transcribeVideo, { videoId });
    await server.server.jobs.runDue();
    expect((await missing).body).toMatchObject({ status: 'Ошибка: Файл видео недоступен' });
    socket.close();
  }, 90_000);

  it('transcribes many videos and pushes progress', async () => {
    standIn.segments = [{ start: 0, end: 1, text: 'Пакет' }];
    const socket = await (await server.signIn('admin')).openLive();
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { videoId } = await socket.request(videoAdmin.createVideo, {});
      await giveFile(server, Number(videoId));
      ids.push(videoId);
    }
    await server.server.services.db.updateTable('videos').set({ transcript_json: '' }).where('filename', '!=', '').execute();
    expect((await socket.requestRaw(videoAdmin.transcribeManyVideos.path, { toTranscribe: 0 })).success).toBe('0');
    await socket.request(videoAdmin.transcribeManyVideos, { toTranscribe: 2 });
    expect((await socket.requestRaw(videoAdmin.transcribeManyVideos.path, { toTranscribe: 2 })).message).toBe('Расшифровка уже идёт: дождитесь её окончания');

    const started = socket.nextPush(videoAdmin.updateInfoTranscribingManyVideos);
    await socket.request(videoAdmin.triggerUpdateInfoTranscribingManyVideos, {});
    expect((await started).body).toMatchObject({ totalTranscribed: 0, toTranscribe: 2, isFinished: '0' });

    const done = socket.waitFor((message) => message.method === videoAdmin.updateInfoTranscribingManyVideos.path && (message.body as { isFinished: string }).isFinished === '1', 25_000, false);
    await server.server.jobs.runDue();
    const body = videoAdmin.updateInfoTranscribingManyVideos.body.parse((await done).body);
    expect(body).toMatchObject({ totalTranscribed: 2, toTranscribe: 2, status: 'Расшифровка завершена' });
    expect([...body.transcribedVideos].sort()).toEqual([...ids].sort());
    await server.server.services.db.updateTable('videos').set({ transcript_json: '{}' }).execute();
    expect((await socket.requestRaw(videoAdmin.transcribeManyVideos.path, { toTranscribe: 5 })).message).toBe('Нет видео без расшифровки');
    socket.close();
  }, 90_000);
});

describe('video administration without a transcription provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('says transcription is not configured', async () => {
    const socket = await (await server.signIn('curator')).openLive();
    const { videoId } = await socket.request(videoAdmin.createVideo, {});
    expect((await socket.request(videoAdmin.getVideo, { videoId })).transcriptionConfigured).toBe('0');
    const refused = { success: '0', message: 'Расшифровка не настроена: задайте TRANSCRIPTION_URL' };
    expect(await socket.requestRaw(videoAdmin.transcribeVideo.path, { videoId })).toEqual(refused);
    expect(await socket.requestRaw(videoAdmin.transcribeManyVideos.path, { toTranscribe: 3 })).toEqual(refused);
    socket.close();
  });
});
