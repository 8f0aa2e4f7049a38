import type { RoadLesson } from '@shared/contract/course';

/** Scrolling rules of the roadmap (learning-area §2 'Roadmap', §9). */

/** The up button shows after this much scroll. */
export const UP_BUTTON_AFTER = 1000;
/** Scroll-to-top runs in 25 steps, 10 ms apart. */
export const SCROLL_TOP_STEPS = 25;
export const SCROLL_TOP_INTERVAL = 10;
/** The decorative background moves at half the page's scroll. */
export const PARALLAX_FACTOR = 0.5;

/** The lesson to bring into view: the one in the route, else the first with status 1 or 2. */
export function initialLesson(chapters: readonly (readonly RoadLesson[])[], routeLesson: number | null): number | null {
  const lessons = chapters.flat();
  if (routeLesson !== null && lessons.some((lesson) => lesson.lesson_number === routeLesson)) return routeLesson;
  return lessons.find((lesson) => lesson.status === 1 || lesson.status === 2)?.lesson_number ?? null;
}

/** Scroll offsets of the stepped scroll to the top: `steps` equal steps ending at 0. */
export function scrollTopSteps(from: number, steps = SCROLL_TOP_STEPS): number[] {
  if (from <= 0) return [];
  return Array.from({ length: steps }, (_, i) => Math.round((from * (steps - i - 1)) / steps));
}

/** Runs the stepped scroll to the top; returns a cancel function. */
export function scrollToTopStepped(win: Pick<Window, 'scrollY' | 'scrollTo' | 'setInterval' | 'clearInterval'> = window): () => void {
  const offsets = scrollTopSteps(win.scrollY);
  let step = 0;
  const timer = win.setInterval(() => {
    const next = offsets[step++];
    if (next === undefined) return win.clearInterval(timer);
    win.scrollTo(0, next);
    if (step >= offsets.length) win.clearInterval(timer);
  }, SCROLL_TOP_INTERVAL);
  return () => win.clearInterval(timer);
}

/** A lesson number from the route parameter, or null when it is not a positive integer. */
export function parseLessonNum(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,6}$/.test(param)) return null;
  const value = Number(param);
  return value >= 1 ? value : null;
}
