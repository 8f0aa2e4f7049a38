import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course } from '../../src/shared/contract';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../stand-ins/transcription';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** The curator has USERS_VIDEO_EDITORS and USERS_TIMECODE_CHANGERS in the demo seed. */
describe('video administration in chromium', () => {
  const e2e = useE2e();

  async function curatorPage(options: { width?: number; dark?: boolean } = {}) {
    const opened = await e2e.openPage({ width: options.width, height: options.width === 390 ? 844 : 800 });
    if (options.dark !== undefined) await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), options.dark);
    await signInThroughForm(opened.page, 'curator');
    await opened.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    return opened;
  }

  /** Stands in for an accepted upload still being transcoded (the real upload is the next describe's). */
  async function giveFile(videoId: string, durationMs = 120_000) {
    await e2e.server.server.services.db
      .updateTable('videos')
      .set({ filename: 'urok.mp4', media_status: 'processing', media_key: `e2e-${videoId}`, duration_ms: durationMs })
      .where('id', '=', Number(videoId))
      .execute();
  }

  const videoCount = async () => Number((await e2e.server.server.services.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  /** «Добавить новое» opens a blank form; nothing is stored until its first «Сохранить». */
  async function openNewForm(page: Page): Promise<void> {
    await page.goto('/study/curator/video_edit');
    await page.getByRole('heading', { name: 'Видеоуроки', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Добавить новое' }).click();
    await page.waitForURL(/\/curator\/video_edit\/new$/);
    await page.getByRole('heading', { name: 'Новое видео' }).waitFor();
  }

  /** The first save creates the video and moves to its own address. */
  async function savedVideoId(page: Page): Promise<string> {
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/curator\/video_edit\/\d+$/);
    return page.url().split('/').pop()!;
  }

  it('stores nothing when a new video is left without saving, by «Назад к списку» or «Отменить»', async () => {
    const { page, context, errors } = await curatorPage();
    const before = await videoCount();
    await openNewForm(page);
    await page.getByText('Пока вы не нажали «Сохранить», ничего не записано.').waitFor();
    await page.getByLabel('Название', { exact: true }).fill('Черновик, который передумали');
    await page.getByRole('link', { name: 'Назад к списку' }).click();
    await page.waitForURL(/\/curator\/video_edit$/);
    await openNewForm(page);
    await page.getByRole('link', { name: 'Отменить' }).click();
    await page.waitForURL(/\/curator\/video_edit$/);
    // A refused first save (no chapter) stores nothing either.
    await openNewForm(page);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Введите Имя нового раздела, или выберите имеющийся').waitFor();
    expect(await videoCount()).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a video, requires a chapter, saves fields, edits timecodes and deletes it', async () => {
    const { page, context, errors } = await curatorPage();
    await openNewForm(page);
    await page.getByLabel('Номер урока').fill('3');
    await page.getByLabel('Название', { exact: true }).fill('Спрос и предложение');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Введите Имя нового раздела, или выберите имеющийся').waitFor();

    await page.getByRole('combobox', { name: 'Раздел' }).click();
    await page.getByRole('option', { name: 'Новый раздел…' }).click();
    await page.getByLabel('Имя нового раздела').fill('Рынки');
    const videoId = await savedVideoId(page);
    await page.getByText('Сохранено').first().waitFor();
    await page.getByRole('heading', { name: `Видео id-${videoId}` }).waitFor();

    // Without a file: no timecodes button; transcription says why it is unavailable.
    expect(await page.getByRole('link', { name: 'Таймкоды' }).count()).toBe(0);
    await page.getByText('Расшифровка не настроена: задайте TRANSCRIPTION_URL').waitFor();
    expect(await page.getByRole('button', { name: 'Расшифровать' }).isDisabled()).toBe(true);
    const stored = await e2e.server.server.services.db.selectFrom('videos').selectAll().where('id', '=', Number(videoId)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ lesson_num: 3, shown_name: 'Спрос и предложение', chapter: 'Рынки', is_published: 0 });

    // The list groups it under its lesson.
    await page.getByRole('link', { name: 'Назад к списку' }).click();
    const group = page.getByRole('button', { name: /Урок 3/ });
    await group.waitFor();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.getByRole('button', { name: /Спрос и предложение/ }).waitFor();

    // With a file the timecodes editor opens from the detail.
    await giveFile(videoId);
    await page.getByRole('button', { name: /Спрос и предложение/ }).click();
    await page.getByRole('link', { name: 'Таймкоды' }).click();
    await page.waitForURL(new RegExp(`/curator/timecodes/${videoId}$`));
    await page.getByRole('heading', { name: 'Таймкоды: Спрос и предложение' }).waitFor();

    await page.locator('.ui-accordion').filter({ hasText: 'Дополнительные пояснения' }).getByRole('button', { name: 'Добавить' }).click();
    const row = page.locator('.timecode-row').first();
    await row.waitFor();
    const rowId = (await row.getAttribute('aria-label'))!.replace('id-', '');
    await row.getByLabel('Начало').fill('00:40');
    await row.getByLabel('Конец').fill('00:10');
    await page.getByRole('button', { name: 'Сохранить таймкоды' }).click();
    await page.getByText(`Время старта меньше времени окончания id-${rowId}`).waitFor();
    await row.getByLabel('Конец').fill('01:10');
    await page.getByRole('button', { name: 'Сохранить таймкоды' }).click();
    await page.getByText('Таймкоды сохранены').waitFor();
    const saved = await e2e.server.server.services.db.selectFrom('timecodes').selectAll().where('id', '=', Number(rowId)).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ kind: 'DETAILED_EXPLANATION', time_start: 40_000, time_end: 70_000 });

    // Delete with confirmation returns to the list.
    await page.getByRole('link', { name: 'Назад к видео' }).click();
    await page.getByRole('button', { name: 'Удалить видео' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL(/\/curator\/video_edit$/);
    const left = await e2e.server.server.services.db.selectFrom('videos').select('id').where('id', '=', Number(videoId)).execute();
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the bulk popup enables its button only for a non-zero number', async () => {
    const { page, context } = await curatorPage();
    await page.goto('/study/curator/video_edit');
    await page.getByRole('button', { name: 'Расшифровка', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Расшифровка видео' });
    const start = dialog.getByRole('button', { name: 'Запустить' });
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Сколько видео расшифровать').fill('0');
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Сколько видео расшифровать').fill('abc');
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Сколько видео расшифровать').fill('3');
    expect(await start.isDisabled()).toBe(false);
    await start.click();
    await dialog.getByText('Расшифровка не настроена: задайте TRANSCRIPTION_URL').waitFor();
    await context.close();
  });

  it("says 'Ошибка загрузки плеера или начала просмотра' when the video does not load and 'Ошибка инициализации плеера' when the player cannot start", async () => {
    const { page, context } = await curatorPage();
    await openNewForm(page);
    await page.getByLabel('Номер урока').fill('2');
    await page.getByLabel('Название', { exact: true }).fill('Плеер без файла');
    await page.getByRole('combobox', { name: 'Раздел' }).click();
    await page.getByRole('option', { name: 'Человек и общество' }).click();
    const videoId = await savedVideoId(page);
    await page.getByText('Сохранено').first().waitFor();
    // Marked ready, but the rendition it names is not in storage: the stream answers with an error.
    await e2e.server.server.services.db.updateTable('videos').set({ filename: 'urok.mp4', media_status: 'ready', media_key: `e2e-missing-${videoId}`, duration_ms: 60_000 }).where('id', '=', Number(videoId)).execute();
    await page.reload();
    const player = page.locator('[data-testid="video-player"][data-state="error"]');
    await player.waitFor({ timeout: 30_000 });
    expect(await player.getByRole('alert').textContent()).toContain('Ошибка загрузки плеера или начала просмотра');
    await screenshot(page, 'video-admin-player-load-error-light-1280');
    // The player's code cannot be fetched: it never starts.
    await page.route(/\/assets\/hls-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.reload();
    await player.waitFor({ timeout: 30_000 });
    expect(await player.getByRole('alert').textContent()).toContain('Ошибка инициализации плеера');
    await screenshot(page, 'video-admin-player-init-error-light-1280');
    await context.close();
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`looks right ${dark ? 'dark' : 'light'} at ${width} px`, async () => {
        const { page, context } = await curatorPage({ width, dark });
        await openNewForm(page);
        if (width === 390) await screenshot(page, `video-admin-new-${dark ? 'dark' : 'light'}-${width}`);
        await page.getByLabel('Номер урока').fill('2');
        await page.getByLabel('Название', { exact: true }).fill('Познание: формы и уровни');
        await page.getByRole('combobox', { name: 'Раздел' }).click();
        await page.getByRole('option', { name: 'Человек и общество' }).click();
        await page.getByLabel('Описание').fill('Чувственное и рациональное познание, истина и её критерии.');
        const videoId = await savedVideoId(page);
        await page.getByText('Сохранено').first().waitFor();
        await giveFile(videoId);
        await page.reload();
        await page.getByRole('link', { name: 'Таймкоды' }).waitFor();
        const tag = `${dark ? 'dark' : 'light'}-${width}`;
        await screenshot(page, `video-admin-detail-${tag}`);
        await page.goto('/study/curator/video_edit');
        await page.locator('.video-card').first().waitFor();
        await screenshot(page, `video-admin-list-${tag}`);
        await page.goto(`/study/curator/timecodes/${videoId}`);
        await page.getByRole('heading', { name: /Таймкоды:/ }).waitFor();
        for (const section of ['Дополнительные пояснения', 'Темы урока', 'Таймкоды с тегами']) {
          const before = await page.locator('.timecode-row').count();
          await page.locator('.ui-accordion').filter({ hasText: section }).getByRole('button', { name: 'Добавить' }).click();
          await page.waitForFunction((count) => document.querySelectorAll('.timecode-row').length > count, before);
        }
        await screenshot(page, `video-admin-timecodes-${tag}`);
        await context.close();
      });
    }
  }
});

describe('video upload, transcode, transcription and publishing in chromium', () => {
  let standIn: TranscriptionStandIn;
  let dir: string;
  let clip: string;

  beforeAll(async () => {
    standIn = await startTranscriptionStandIn();
    standIn.segments = [
      { start: 0, end: 1.2, text: 'Рынок — это место встречи спроса и предложения.' },
      { start: 1.2, end: 2, text: 'Равновесная цена.' },
    ];
    dir = mkdtempSync(join(tmpdir(), 'enot-e2e-vadmin-'));
    clip = join(dir, 'rynok.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=2', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', clip]);
  });
  afterAll(async () => {
    await standIn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const e2e = useE2e({ env: () => ({ TRANSCRIPTION_URL: standIn.url }) });

  it('curator uploads an mp4, it is transcoded and transcribed, and once published the student sees it in the lesson card', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInThroughForm(page, 'curator');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/study/curator/video_edit');
    await page.getByRole('link', { name: 'Добавить новое' }).click();
    await page.waitForURL(/\/curator\/video_edit\/new$/);

    await page.getByLabel('Номер урока').fill('3');
    await page.getByLabel('Название', { exact: true }).fill('Рыночное равновесие');
    await page.getByRole('combobox', { name: 'Раздел' }).click();
    await page.getByRole('option', { name: 'Экономика' }).click();
    // The first save creates the video; uploads open on its own page.
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/curator\/video_edit\/\d+$/);
    const videoId = Number(page.url().split('/').pop());
    await page.getByText('Сохранено').first().waitFor();

    // Not published yet: the student's card does not list it.
    const student = await e2e.server.signIn('student');
    const before = await student.call(course.getLessonCard, { lessonNum: 3 });
    expect(before.videos.map((video) => video.video_id)).not.toContain(videoId);

    await page.locator('input[type="file"][accept="video/*"]').setInputFiles(clip);
    await page.getByText('Файл: готов').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="video-player"]').waitFor();
    expect(await page.getByText('rynok.mp4').count()).toBeGreaterThan(0);

    // Transcription through the OpenAI-compatible stand-in, from the stored rendition.
    await page.getByRole('button', { name: 'Расшифровать' }).click();
    await page.getByRole('button', { name: 'Уже транскрибировано' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Текст SRT' }).click();
    await page.getByText('Равновесная цена.').waitFor();
    expect(await page.getByRole('link', { name: 'Скачать SRT' }).count()).toBe(1);
    expect(standIn.requests.length).toBe(1);

    await page.getByRole('combobox', { name: 'Опубликовано' }).click();
    await page.getByRole('option', { name: 'Да' }).click();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect.poll(async () => (await student.call(course.getLessonCard, { lessonNum: 3 })).videos.map((video) => video.video_id), { timeout: 10_000 }).toContain(videoId);
    const card = await student.call(course.getLessonCard, { lessonNum: 3 });
    expect(card.videos.find((video) => video.video_id === videoId)).toMatchObject({ video_shown_name: 'Рыночное равновесие' });

    await screenshot(page, 'video-admin-detail-ready-light-1280');

    // The timecodes editor plays the same video; "from the player" takes its position.
    await page.getByRole('link', { name: 'Таймкоды' }).click();
    await page.getByRole('heading', { name: 'Таймкоды: Рыночное равновесие' }).waitFor();
    await page.locator('[data-testid="video-player"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.currentTime = 1.5;
    });
    await page.locator('.ui-accordion').filter({ hasText: 'Темы урока' }).getByRole('button', { name: 'Добавить' }).click();
    const row = page.locator('.timecode-row').first();
    await row.getByRole('button', { name: 'Взять из плеера' }).click();
    expect(await row.getByLabel('Начало').inputValue()).toBe('00:01');
    await row.getByLabel('Тема').fill('Равновесие');
    await page.getByRole('button', { name: 'Сохранить таймкоды' }).click();
    await page.getByText('Таймкоды сохранены').waitFor();
    await screenshot(page, 'video-admin-timecodes-ready-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** FFMPEG_PATH names a missing file: the back office says why videos cannot be processed and takes no upload. */
describe('video administration on a server whose ffmpeg cannot run', () => {
  const cache = mkdtempSync(join(tmpdir(), 'enot-e2e-no-ffmpeg-'));
  const reason = /^Сервер не может обрабатывать видео: ffmpeg \(\/nonexistent\/ffmpeg\) не запускается: файл не найден/;

  const e2e = useE2e({ env: { DEMO_MEDIA: '1', DEMO_MEDIA_CACHE: cache, FFMPEG_PATH: '/nonexistent/ffmpeg' } });
  beforeAll(async () => {
    // Demo media on, from an empty cache: the demo videos' jobs fail with the reason.
    await e2e.server.server.jobs.stop();
    await e2e.server.server.jobs.runDue(Date.now() + 1000);
  });
  afterAll(async () => {
    rmSync(cache, { recursive: true, force: true });
  });

  it('shows the reason on the list and the video, and disables the video upload', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInThroughForm(page, 'curator');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/study/curator/video_edit');
    await page.getByRole('heading', { name: 'Видеоуроки', level: 1 }).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'Обработка видео недоступна' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/FFMPEG_PATH/);

    const demo = await e2e.server.server.services.db.selectFrom('videos').select(['id', 'media_status']).where('filename', 'like', 'demo-%').orderBy('id').executeTakeFirstOrThrow();
    expect(demo.media_status).toBe('failed');
    await page.goto(`/study/curator/video_edit/${demo.id}`);
    const card = page.locator('.video-detail__media');
    await card.getByRole('alert').filter({ hasText: 'Обработка видео недоступна' }).waitFor();
    // The video's own error is the same reason: shown once, in the box.
    expect(await card.getByText(reason).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Заменить видео' }).isDisabled()).toBe(true);
    await screenshot(page, 'video-admin-detail-no-ffmpeg-light-1280');
    await page.evaluate(() => localStorage.setItem('dark_theme', '1'));
    await page.reload();
    await card.getByRole('alert').filter({ hasText: 'Обработка видео недоступна' }).waitFor();
    await screenshot(page, 'video-admin-detail-no-ffmpeg-dark-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
