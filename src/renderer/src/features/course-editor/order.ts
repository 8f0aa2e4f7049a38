import type { EditorChapter } from '@shared/contract/course-editor';

/** Reordering of chapters and lessons: pure, so drag, buttons and keys all build the same full order. */

/** The list with `item` moved by `delta` places; null when it cannot move (edge or absent). */
export function moveBy<T>(list: readonly T[], item: T, delta: number): T[] | null {
  const from = list.indexOf(item);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return null;
  return moveTo(list, item, to);
}

/** The list with `item` taken out and put at index `to` of what remains (a drop on the item at `to`). */
export function moveTo<T>(list: readonly T[], item: T, to: number): T[] {
  const rest = list.filter((other) => other !== item);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), item, ...rest.slice(at)];
}

/** The chapters in a new order of ids (what the server is told), for the screen to show at once. */
export function withChapterOrder(chapters: readonly EditorChapter[], ids: readonly number[]): EditorChapter[] {
  const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  return ids.flatMap((id, position) => {
    const chapter = byId.get(id);
    return chapter ? [{ ...chapter, position }] : [];
  });
}

/** The chapters after one chapter's lessons became `numbers` (a lesson from another chapter leaves it). */
export function withLessonOrder(chapters: readonly EditorChapter[], chapterId: number, numbers: readonly number[]): EditorChapter[] {
  const lessons = new Map(chapters.flatMap((chapter) => chapter.lessons).map((lesson) => [lesson.number, lesson]));
  const moved = new Set(numbers);
  return chapters.map((chapter) =>
    chapter.id === chapterId
      ? { ...chapter, lessons: numbers.flatMap((number, position) => { const lesson = lessons.get(number); return lesson ? [{ ...lesson, chapterId, position }] : []; }) }
      : { ...chapter, lessons: chapter.lessons.filter((lesson) => !moved.has(lesson.number)) },
  );
}

/** Where a dragged lesson lands: the target chapter's new order with it before `beforeNumber` (null: at the end). */
export function lessonDrop(chapter: EditorChapter, dragged: number, beforeNumber: number | null): number[] {
  const numbers = chapter.lessons.map((lesson) => lesson.number).filter((number) => number !== dragged);
  const at = beforeNumber === null ? numbers.length : numbers.indexOf(beforeNumber);
  return moveTo(numbers, dragged, at < 0 ? numbers.length : at);
}
