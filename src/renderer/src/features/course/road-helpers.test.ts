import { describe, expect, it } from 'vitest';
import type { RoadLesson } from '@shared/contract/course';
import { deadlineText, lessonStatusText, pointsText, taskStatusText, taskStatusTone } from '../../course-view/lesson-texts';
import { chapterColour, chapterRoadPath, roadPosition } from '../../course-view/road-layout';
import { initialLesson, parseLessonNum, scrollTopSteps } from './road-scroll';

const lesson = (lesson_number: number, status: RoadLesson['status']): RoadLesson => ({
  lesson_number,
  status,
  lesson_short_name: `Урок ${lesson_number}`,
  lesson_chapter: 'Глава',
  lesson_img_adr: '',
});

describe('road layout', () => {
  it('zig-zags through left, centre-left, right, centre-right and repeats', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(roadPosition)).toEqual(['left', 'center-left', 'right', 'center-right', 'left', 'center-left', 'right', 'center-right']);
  });

  it('cycles five chapter colours', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(chapterColour)).toEqual([1, 2, 3, 4, 5, 1, 2, 1]);
  });

  it('draws the road from the top centre through each node to the bottom centre', () => {
    const path = chapterRoadPath([20, 42], 100, 200, 60);
    expect(path.startsWith('M 50 0 C')).toBe(true);
    expect(path).toContain('20 160');
    expect(path).toContain('42 360');
    expect(path.endsWith('50 500')).toBe(true);
  });
});

describe('status, points and deadline texts', () => {
  it('names lesson statuses 0-4', () => {
    expect([0, 1, 2, 3, 4].map((s) => lessonStatusText(s as RoadLesson['status']))).toEqual(['Не доступен', 'Не начат', 'Выполняется', 'Сделаны базовые', 'Сделано всё']);
  });

  it("shows empty as 'Не начато' / 'Не начат' and 'Несдан' as 'Не сдан'", () => {
    expect(taskStatusText('', 'homework')).toBe('Не начато');
    expect(taskStatusText('', 'auto')).toBe('Не начато');
    expect(taskStatusText('', 'oral')).toBe('Не начат');
    expect(taskStatusText('Несдан', 'auto')).toBe('Не сдан');
    expect(taskStatusText('Готово', 'homework')).toBe('Готово');
    expect(taskStatusTone('Несдан')).toBe('danger');
    expect(taskStatusTone('Сдан')).toBe('success');
    expect(taskStatusTone('Выполняется')).toBe('progress');
    expect(taskStatusTone('')).toBe('neutral');
  });

  it("shows points as 'x / max' or '. . .'", () => {
    expect(pointsText(12, 14)).toBe('12 / 14');
    expect(pointsText(0, 5)).toBe('0 / 5');
    expect(pointsText(null, 14)).toBe('. . .');
  });

  it('drops the seconds of the deadline time, and says when there is none', () => {
    expect(deadlineText('01.12.2026', '23:59:00')).toBe('до 01.12.2026 (23:59 мск)');
    expect(deadlineText('01.12.2026', '9:05:30')).toBe('до 01.12.2026 (09:05 мск)');
    expect(deadlineText('', '')).toBe('дедлайн отсутствует');
  });
});

describe('road scrolling', () => {
  const chapters = [[lesson(1, 4), lesson(2, 3)], [lesson(3, 2), lesson(4, 1)], [lesson(8, 0)]];

  it('targets the route lesson, else the first lesson with status 1 or 2', () => {
    expect(initialLesson(chapters, 2)).toBe(2);
    expect(initialLesson(chapters, null)).toBe(3);
    expect(initialLesson(chapters, 99)).toBe(3);
    expect(initialLesson([[lesson(1, 4)], [lesson(2, 0)]], null)).toBeNull();
  });

  it('scrolls to the top in 25 equal steps ending at 0', () => {
    const steps = scrollTopSteps(2500);
    expect(steps).toHaveLength(25);
    expect(steps[0]).toBe(2400);
    expect(steps.at(-1)).toBe(0);
    expect(scrollTopSteps(0)).toEqual([]);
  });

  it('reads the lesson number of the route', () => {
    expect(parseLessonNum('3')).toBe(3);
    expect(parseLessonNum('0')).toBeNull();
    expect(parseLessonNum('x')).toBeNull();
    expect(parseLessonNum(undefined)).toBeNull();
  });
});
