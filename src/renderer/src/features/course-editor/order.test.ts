import { describe, expect, it } from 'vitest';
import type { EditorChapter } from '@shared/contract/course-editor';
import { lessonDrop, moveBy, moveTo, withChapterOrder, withLessonOrder } from './order';

const lesson = (number: number, chapterId: number, position: number) => ({
  number,
  shortName: `Урок ${number}`,
  chapterId,
  position,
  imagePath: '',
  opensAt: null,
  demoAccess: '0' as const,
  isPublished: '0' as const,
  homeworks: 0,
  creditsAuto: 0,
  creditsVerbal: 0,
  videos: 0,
  answeredBy: 0,
});
const chapters: EditorChapter[] = [
  { id: 1, name: 'Человек', position: 0, lessons: [lesson(1, 1, 0), lesson(2, 1, 1)] },
  { id: 2, name: 'Экономика', position: 1, lessons: [lesson(3, 2, 0)] },
];

describe('course order', () => {
  it('moves one place up or down and refuses past the edges', () => {
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, -1)).toBeNull();
    expect(moveBy([1, 2, 3], 3, 1)).toBeNull();
    expect(moveBy([1, 2, 3], 9, 1)).toBeNull();
  });

  it('drops an item at the place of another, both ways', () => {
    expect(moveTo([1, 2, 3, 4], 4, 1)).toEqual([1, 4, 2, 3]);
    expect(moveTo([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2], 1, 99)).toEqual([2, 1]);
  });

  it('shows a new chapter order and a lesson moved to another chapter at once', () => {
    expect(withChapterOrder(chapters, [2, 1]).map((chapter) => [chapter.id, chapter.position])).toEqual([[2, 0], [1, 1]]);
    const moved = withLessonOrder(chapters, 2, lessonDrop(chapters[1]!, 1, 3));
    expect(moved[0]!.lessons.map((l) => l.number)).toEqual([2]);
    expect(moved[1]!.lessons.map((l) => [l.number, l.chapterId, l.position])).toEqual([[1, 2, 0], [3, 2, 1]]);
    expect(lessonDrop(chapters[0]!, 1, null)).toEqual([2, 1]);
  });
});
