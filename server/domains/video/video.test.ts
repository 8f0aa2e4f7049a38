import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { video } from '../../../src/shared/contract';
import { SEARCH_QUERY_EMPTY, TIMECODE_NOT_FOUND, VIDEO_CLOSED, VIDEO_NOT_FOUND, VIEW_COUNT_WINDOW_MS } from '../../../src/shared/contract/video';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('video lesson and fragment search on %s', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  const time = Date.now();
  const clock = { now: () => time };
  const db = () => server.server.services.db;
  /** Extra videos: one of a lesson not open yet (7), one unpublished in open lesson 1. */
  let closedId = 0;
  let unpublishedId = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
    student = await server.signIn('student');
    const base = { chapter: 'Политика', description: '', created_at: 0, updated_at: 0 };
    closedId = (await db().insertInto('videos').values({ ...base, lesson_num: 7, shown_name: 'Закрытое видео', is_published: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    unpublishedId = (await db().insertInto('videos').values({ ...base, lesson_num: 1, shown_name: 'Черновик', is_published: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    for (const videoId of [closedId, unpublishedId]) {
      await db().insertInto('timecodes').values({ video_id: videoId, kind: 'HASHTAG', time_start: 0, time_end: 5000, tag: 'тайное общество', created_at: 0, updated_at: 0 }).execute();
    }
  });
  afterAll(() => server.close());

  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const views = async (videoId: number) => (await db().selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow()).views;

  it('gives the lesson with its timecodes by kind', async () => {
    const lesson = await student.call(video.getVideoLesson, { videoId: 1 });
    expect(lesson.dataArray).toMatchObject({
      video_id: 1,
      video_shown_name: 'Общество как система',
      video_chapter: 'Человек и общество',
      video_lesson_num: 1,
      access: '1',
      watched: '1',
      short_mode: '0',
    });
    expect(lesson.dataArray.video_description).toMatch(/https:\/\/fipi\.ru/);
    expect(lesson.dataArray.media_ready).toBe(lesson.dataArray.media_status === 'ready' ? '1' : '0');
    expect(lesson.timecodesDetailedExplanation).toEqual([{ timecodeId: expect.any(Number), timeStart: 12_000, timeEnd: 20_000 }]);
    expect(lesson.timecodesTheme.map((theme) => [theme.timeStart, theme.description])).toEqual([
      [0, 'Что такое общество: узкое и широкое значение'],
      [12_000, 'Сферы общественной жизни'],
      [24_000, 'Общество как динамическая система'],
    ]);
    expect(lesson.timecodesHashtag.map((tag) => tag.tag)).toEqual(['общество', 'сферы общества', 'социальная система']);
    // A student with no progress row sees both switches off.
    const maxim = await server.signIn('maxim');
    expect((await maxim.call(video.getVideoLesson, { videoId: 2 })).dataArray).toMatchObject({ watched: '0', short_mode: '0' });
  });

  it('refuses missing, unpublished and closed videos, and inactive users', async () => {
    expect((await student.callRaw(video.getVideoLesson, { videoId: 999_999 })).body).toEqual({ success: '0', message: VIDEO_NOT_FOUND });
    expect((await student.callRaw(video.getVideoLesson, { videoId: unpublishedId })).body).toEqual({ success: '0', message: VIDEO_NOT_FOUND });
    expect((await student.callRaw(video.getVideoLesson, { videoId: closedId })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
    expect((await student.callRaw(video.getVideoLesson, { videoId: 'abc' })).body.success).toBe('0');
    const inactive = await server.signIn('inactive');
    expect((await inactive.callRaw(video.getVideoLesson, { videoId: 1 })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
    // A demo account sees the demo lessons' videos.
    expect((await (await server.signIn('demo')).call(video.getVideoLesson, { videoId: 2 })).dataArray.video_id).toBe(2);
    // Every student call applies the same rule.
    for (const call of [video.startWatchingVideo, video.getVideoTimecodes] as const) {
      expect((await student.callRaw(call, { videoId: closedId })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
    }
    expect((await student.callRaw(video.setWatched, { videoId: closedId, videoStatus: '1' })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
    expect((await student.callRaw(video.setShortMode, { videoId: unpublishedId, shortMode: '1' })).body).toEqual({ success: '0', message: VIDEO_NOT_FOUND });
    // Editors (admin) may open an unpublished video to check it.
    expect((await (await server.signIn('admin')).call(video.getVideoLesson, { videoId: unpublishedId })).dataArray.video_shown_name).toBe('Черновик');
  });

  it('counts a view once per user within the window', async () => {
    const egor = await server.signIn('ksenia');
    const before = await views(2);
    await egor.call(video.startWatchingVideo, { videoId: 2 });
    await egor.call(video.startWatchingVideo, { videoId: 2 });
    expect(await views(2)).toBe(before + 1);
    await student.call(video.startWatchingVideo, { videoId: 2 });
    expect(await views(2)).toBe(before + 2);
    const row = await db().selectFrom('user_videos').select('started_at').where('user_id', '=', await userId('ksenia')).where('video_id', '=', 2).executeTakeFirstOrThrow();
    expect(row.started_at).toBe(time);
    // The last counted start falls out of the window (moving the clock would break request signing).
    await db().updateTable('user_videos').set({ started_at: time - VIEW_COUNT_WINDOW_MS - 1 }).where('user_id', '=', await userId('ksenia')).where('video_id', '=', 2).execute();
    await egor.call(video.startWatchingVideo, { videoId: 2 });
    expect(await views(2)).toBe(before + 3);
    expect((await egor.callRaw(video.startWatchingVideo, { videoId: 999_999 })).body).toEqual({ success: '0', message: VIDEO_NOT_FOUND });
    expect(await views(2)).toBe(before + 3);
  });

  it('stores watched and short mode per user and video', async () => {
    const timofey = await server.signIn('timofey');
    await timofey.call(video.setWatched, { videoId: 1, videoStatus: '1' });
    await timofey.call(video.setShortMode, { videoId: 1, shortMode: '1' });
    expect((await timofey.call(video.getVideoLesson, { videoId: 1 })).dataArray).toMatchObject({ watched: '1', short_mode: '1' });
    // Per video: the other video keeps its own preference.
    expect((await timofey.call(video.getVideoLesson, { videoId: 2 })).dataArray).toMatchObject({ short_mode: '0' });
    await timofey.call(video.setWatched, { videoId: 1, videoStatus: '0' });
    expect((await timofey.call(video.getVideoLesson, { videoId: 1 })).dataArray).toMatchObject({ watched: '0', short_mode: '1' });
    expect((await timofey.callRaw(video.setWatched, { videoId: 1, videoStatus: '2' })).body.success).toBe('0');
    expect((await timofey.callRaw(video.setShortMode, { videoId: 1 })).body.success).toBe('0');
  });

  it('lists timecodes, with empty ones only on request', async () => {
    await db().insertInto('timecodes').values({ video_id: 2, kind: 'THEME', time_start: 5000, time_end: 5000, description: '', created_at: 0, updated_at: 0 }).execute();
    const plain = await student.call(video.getVideoTimecodes, { videoId: 2 });
    expect(plain.timecodesTheme.map((theme) => theme.description)).toEqual(['Ступени познания', 'Истина и её критерии']);
    expect(plain.timecodesDetailedExplanation).toEqual([{ timecodeId: expect.any(Number), timeStart: 20_000, timeEnd: 28_000 }]);
    const all = await student.call(video.getVideoTimecodes, { videoId: 2, withEmpty: '1' });
    expect(all.timecodesTheme.map((theme) => theme.timeStart)).toEqual([0, 5000, 14_000]);
    expect((await student.callRaw(video.getVideoTimecodes, {})).body.success).toBe('0');
  });

  it('finds fragments by any word form, most relevant first, only of videos the user may watch', async () => {
    const search = async (q: string) => (await student.call(video.searchVideosTimecodesByTag, { q })).timecodes;
    const society = await search('обществе');
    // 'общество' (exact, shorter) ranks above 'сферы общества'; the closed and unpublished videos' tags are left out.
    expect(society.map((fragment) => fragment.tag)).toEqual(['общество', 'сферы общества']);
    expect(society[0]).toMatchObject({ videoId: 1, videoLessonNum: 1, videoShownName: 'Общество как система', timeStart: 0, timeEnd: 12_000, duration: 12_000 });
    expect((await search('ИСТИНУ')).map((fragment) => [fragment.tag, fragment.videoId])).toEqual([['истина', 2]]);
    expect((await search('сферы')).map((fragment) => fragment.tag)).toEqual(['сферы общества']);
    expect((await search('сферы и общество')).map((fragment) => fragment.tag)).toEqual(['сферы общества']);
    // The last word works as a prefix while typing.
    expect((await search('социал')).map((fragment) => fragment.tag)).toEqual(['социальная система']);
    expect(await search('экономика')).toEqual([]);
    // An editor may watch every video, so sees the hidden fragments too.
    const admin = await server.signIn('admin');
    expect((await admin.call(video.searchVideosTimecodesByTag, { q: 'общество' })).timecodes.map((fragment) => fragment.tag)).toContain('тайное общество');
  });

  it('keeps the index right when tags change, in SQL', async () => {
    const row = await db().insertInto('timecodes').values({ video_id: 2, kind: 'HASHTAG', time_start: 30_000, time_end: 34_000, tag: 'Гносеология', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
    const search = async (q: string) => (await student.call(video.searchVideosTimecodesByTag, { q })).timecodes.map((fragment) => fragment.timecodeId);
    expect(await search('гносеологии')).toEqual([row.id]);
    await db().updateTable('timecodes').set({ tag: 'Ёмкое знание' }).where('id', '=', row.id).execute();
    expect(await search('гносеологии')).toEqual([]);
    expect(await search('емкого знания')).toEqual([row.id]);
    await db().deleteFrom('timecodes').where('id', '=', row.id).execute();
    expect(await search('знание')).toEqual([]);
  });

  it('refuses an empty query', async () => {
    expect((await student.callRaw(video.searchVideosTimecodesByTag, { q: '   ' })).body).toEqual({ success: '0', message: 'Поле "q": не заполнено' });
    expect((await student.callRaw(video.searchVideosTimecodesByTag, { q: '?!' })).body).toEqual({ success: '0', message: SEARCH_QUERY_EMPTY });
    expect((await student.callRaw(video.searchVideosTimecodesByTag, { q: 'д'.repeat(101) })).body.success).toBe('0');
  });

  it('gives one fragment by id, refusing other kinds and closed videos', async () => {
    const [fragment] = (await student.call(video.searchVideosTimecodesByTag, { q: 'истина' })).timecodes;
    const { timecode, mediaStatus } = await student.call(video.getVideoTimecodeById, { id: fragment!.timecodeId });
    expect(timecode).toEqual(fragment);
    const media = await db().selectFrom('videos').select('media_status').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(mediaStatus).toBe(media.media_status);
    const hidden = await db().selectFrom('timecodes').select('id').where('video_id', '=', closedId).executeTakeFirstOrThrow();
    expect((await student.callRaw(video.getVideoTimecodeById, { id: hidden.id })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
    const theme = await db().selectFrom('timecodes').select('id').where('kind', '=', 'THEME').executeTakeFirstOrThrow();
    expect((await student.callRaw(video.getVideoTimecodeById, { id: theme.id })).body).toEqual({ success: '0', message: TIMECODE_NOT_FOUND });
    expect((await student.callRaw(video.getVideoTimecodeById, { id: 999_999 })).body).toEqual({ success: '0', message: TIMECODE_NOT_FOUND });
    // The searchVideo icon rule: an inactive user is refused before any lookup.
    const inactive = await server.signIn('inactive');
    expect((await inactive.callRaw(video.getVideoTimecodeById, { id: fragment!.timecodeId })).body.success).not.toBe('1');
  });
});
