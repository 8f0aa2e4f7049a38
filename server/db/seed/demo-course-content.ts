import { readFileSync } from 'node:fs';
import { parseManifest, type CourseManifest } from '../../domains/course/package/manifest';
import { DEMO_COURSE_DIR } from './demo-course';

/**
 * The demo course's content as its package describes it, for the tests that check demo data and
 * screens against it (the seed itself reads the package through the importer).
 */
export const DEMO_COURSE: CourseManifest = parseManifest(JSON.parse(readFileSync(`${DEMO_COURSE_DIR}manifest.json`, 'utf8')));

/** The chapter name of a demo lesson. */
export function demoChapterOf(lessonNum: number): string | undefined {
  const lesson = DEMO_COURSE.lessons.find((item) => item.number === lessonNum);
  return DEMO_COURSE.chapters.find((chapter) => chapter.key === lesson?.chapter)?.name;
}
