import { describe, expect, it } from 'vitest';
import { canOpenLesson } from '../../access/lesson-access';
import { deriveLessonStatus, type LessonProgress } from './lesson-status';

const base: LessonProgress = {
  accessible: true,
  videos: [
    { mandatory: true, watched: false, started: false },
    { mandatory: false, watched: false, started: false },
  ],
  homeworkParts: [
    { additional: false, status: '' },
    { additional: false, status: '' },
    { additional: true, status: '' },
  ],
  credits: [{ status: '' }],
};

describe('deriveLessonStatus', () => {
  it('is 0 without access whatever the progress', () => {
    expect(deriveLessonStatus({ ...base, accessible: false })).toBe(0);
    const done = { ...base, accessible: false, videos: base.videos.map((v) => ({ ...v, watched: true })) };
    expect(deriveLessonStatus(done)).toBe(0);
  });

  it('is 1 when nothing is started, also for an empty lesson', () => {
    expect(deriveLessonStatus(base)).toBe(1);
    expect(deriveLessonStatus({ accessible: true, videos: [], homeworkParts: [], credits: [] })).toBe(1);
  });

  it('is 2 once anything starts: a video opened, a homework part or a credit begun', () => {
    expect(deriveLessonStatus({ ...base, videos: [{ mandatory: true, watched: false, started: true }] })).toBe(2);
    expect(deriveLessonStatus({ ...base, homeworkParts: [{ additional: false, status: 'Выполняется' }, base.homeworkParts[1]!] })).toBe(2);
    expect(deriveLessonStatus({ ...base, credits: [{ status: 'Проводится' }] })).toBe(2);
    expect(deriveLessonStatus({ ...base, homeworkParts: [{ additional: true, status: 'Готово' }] })).toBe(2);
  });

  it('is 3 when required videos and main homework parts are finished, 4 when everything is', () => {
    const basic: LessonProgress = {
      ...base,
      videos: [base.videos[0]!, base.videos[1]!].map((video) => ({ ...video, watched: video.mandatory })),
      homeworkParts: [
        { additional: false, status: 'Проверен' },
        { additional: false, status: 'Самопров' },
        { additional: true, status: '' },
      ],
    };
    expect(deriveLessonStatus(basic)).toBe(3);
    const all: LessonProgress = {
      ...basic,
      videos: basic.videos.map((video) => ({ ...video, watched: true })),
      homeworkParts: basic.homeworkParts.map((part) => ({ ...part, status: 'Готово' })),
      credits: [{ status: 'Сдан' }],
    };
    expect(deriveLessonStatus(all)).toBe(4);
    expect(deriveLessonStatus({ ...all, credits: [{ status: 'Несдан' }] })).toBe(3);
  });

  it('does not count a rejected or running homework part as finished', () => {
    for (const status of ['Отклонен', 'Выполняется', '']) {
      const parts = [{ additional: false, status }];
      expect(deriveLessonStatus({ accessible: true, videos: [], homeworkParts: parts, credits: [] })).toBe(status === '' ? 1 : 2);
    }
  });
});

describe('canOpenLesson', () => {
  const now = 1_000_000;
  const open = { opens_at: now - 1, demo_access: 0, is_published: 1 };
  const future = { opens_at: now + 1, demo_access: 1, is_published: 1 };
  it('lets staff see everything and inactive users nothing', () => {
    expect(canOpenLesson('Админ', future, now)).toBe(true);
    expect(canOpenLesson('Куратор', future, now)).toBe(true);
    expect(canOpenLesson('Неактивный', { opens_at: null, demo_access: 1, is_published: 1 }, now)).toBe(false);
  });
  it('opens lessons from their opening time, for demo only the demo lessons', () => {
    expect(canOpenLesson('Ученик', open, now)).toBe(true);
    expect(canOpenLesson('Ученик', future, now)).toBe(false);
    expect(canOpenLesson('Подписка', { opens_at: null, demo_access: 0, is_published: 1 }, now)).toBe(true);
    expect(canOpenLesson('Демо', open, now)).toBe(false);
    expect(canOpenLesson('Демо', { ...open, demo_access: 1 }, now)).toBe(true);
    expect(canOpenLesson('Демо', future, now)).toBe(false);
  });
  it('opens a draft to staff only', () => {
    const draft = { opens_at: null, demo_access: 1, is_published: 0 };
    expect(canOpenLesson('Админ', draft, now)).toBe(true);
    expect(canOpenLesson('Куратор', draft, now)).toBe(true);
    for (const type of ['Ученик', 'Подписка', 'Интенсив', 'Пакетник', 'Частичный', 'Демо'] as const) expect(canOpenLesson(type, draft, now), type).toBe(false);
  });
});
