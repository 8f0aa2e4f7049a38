import { importPackageInto, readPackage } from '../../domains/course/package/import';
import { shippedImageSink } from '../../domains/course/lesson-images';
import { readFolder } from '../../domains/course/package/read-archive';
import { resourceDir } from '../../resources';
import type { Db } from '../index';

/**
 * The demo course is a course package (README «Пакет курса») shipped as a folder:
 * resources/course/demo/manifest.json and its lesson pictures. The demo seed loads it through the
 * importer, so every start of a demo server proves the importer; the seed itself keeps only what
 * is not course content (demo users, their progress, payments).
 */
export const DEMO_COURSE_DIR = resourceDir('course', 'demo');

const WEEK = 7 * 86_400_000;
/** The first demo lesson opened six weeks before the seed day (the road has done, current and future lessons). */
export const DEMO_COURSE_WEEKS_BEFORE_SEED = 6;

/** Imports the demo course inside the seed's transaction, its first lesson six weeks before `now`. */
export async function seedDemoCourse(db: Db, now: number): Promise<void> {
  const entries = await readFolder(DEMO_COURSE_DIR);
  await importPackageInto(db, readPackage(entries), entries, { replace: false, start: now - DEMO_COURSE_WEEKS_BEFORE_SEED * WEEK, now, images: shippedImageSink });
}
