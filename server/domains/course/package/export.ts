import { zipSync, type Zippable } from 'fflate';
import type { Db } from '../../../db';
import type { StorageProvider } from '../../../providers/storage';
import { questionJsonOf } from '../../../questions/question-bank';
import { parseMaterials } from '../materials';
import { PACKAGE_SCHEMA_VERSION, type CourseManifest } from './manifest';
import { readLessonImage, servedImageName } from '../lesson-images';
import type { VideoSources } from './video-sources';

/**
 * Export of the course as a package (README «Пакет курса»): the manifest built from the database
 * (keys instead of ids, in the order the rows were made, so an import recreates the same order),
 * lesson pictures under images/, and with `videoFiles` each video's uploaded source under videos/.
 */
export interface ExportOptions {
  /** With the videos' source files (--with-video-files): read through the video domain. */
  videoFiles: VideoSources | null;
  now: number;
}

export interface ExportedPackage {
  manifest: CourseManifest;
  files: Map<string, Uint8Array>;
}

const bool = (value: number) => value === 1;

export async function buildCoursePackage(db: Db, storage: StorageProvider, options: ExportOptions): Promise<ExportedPackage> {
  const files = new Map<string, Uint8Array>();

  const chapterRows = await db.selectFrom('chapters').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  const chapterKey = new Map(chapterRows.map((row) => [row.id, `chapter-${row.id}`]));
  const lessonRows = await db.selectFrom('lessons').selectAll().orderBy('number').execute();
  const lessons: CourseManifest['lessons'] = [];
  for (const row of lessonRows) {
    const file = servedImageName(row.image_path);
    const bytes = file ? await readLessonImage(storage, file) : null;
    if (file && bytes) files.set(`images/${file}`, new Uint8Array(bytes));
    lessons.push({
      number: row.number,
      name: row.short_name,
      chapter: chapterKey.get(row.chapter_id) ?? `chapter-${row.chapter_id}`,
      position: row.position,
      opensAt: row.opens_at,
      demoAccess: bool(row.demo_access),
      published: bool(row.is_published),
      description: row.description,
      materials: parseMaterials(row.materials_json),
      image: file && bytes ? file : null,
    });
  }

  const videos: CourseManifest['videos'] = [];
  for (const row of await db.selectFrom('videos').selectAll().orderBy('id').execute()) {
    const timecodes = await db.selectFrom('timecodes').selectAll().where('video_id', '=', row.id).orderBy('id').execute();
    let file: string | null = null;
    if (options.videoFiles && row.media_key !== '') {
      const bytes = await options.videoFiles.read(row.media_key);
      if (bytes) {
        file = `video-${row.id}.bin`;
        files.set(`videos/${file}`, bytes);
      }
    }
    videos.push({
      lesson: row.lesson_num,
      name: row.shown_name,
      filename: row.filename,
      chapter: row.chapter,
      description: row.description,
      mandatory: bool(row.is_mandatory),
      published: bool(row.is_published),
      timecodes: timecodes.map((timecode) => ({ kind: timecode.kind, start: timecode.time_start, end: timecode.time_end, description: timecode.description, tag: timecode.tag })),
      file,
    });
  }

  const p1Key = (id: number) => `p1-${id}`;
  const p2Key = (id: number) => `p2-${id}`;
  const p1Links = await db.selectFrom('homework_questions_p1').selectAll().orderBy('ht_num').orderBy('is_dop').orderBy('q_number').execute();
  const p2Links = await db.selectFrom('homework_questions_p2').selectAll().orderBy('ht_num').orderBy('is_dop').orderBy('q_number').execute();
  const homeworks: CourseManifest['homeworks'] = (await db.selectFrom('homeworks').selectAll().orderBy('num').execute()).map((row) => {
    const p1 = (isDop: number) => p1Links.filter((link) => link.ht_num === row.num && link.is_dop === isDop).map((link) => p1Key(link.question_id));
    const p2 = (isDop: number) =>
      p2Links.filter((link) => link.ht_num === row.num && link.is_dop === isDop).map((link) => ({ question: p2Key(link.question_id), mandatory: bool(link.is_mandatory) }));
    return {
      num: row.num,
      lesson: row.lesson_num,
      probnik: bool(row.is_probnik),
      deadlineAt: row.deadline_at,
      p1Count: row.p1_count,
      p1Max: row.p1_max,
      p2Count: row.p2_count,
      p2Max: row.p2_max,
      extraP1Count: row.dop_p1_count,
      extraP1Max: row.dop_p1_max,
      extraP2Count: row.dop_p2_count,
      extraP2Max: row.dop_p2_max,
      p1TimeLimitMin: row.p1_time_limit_min,
      p2TimeLimitMin: row.p2_time_limit_min,
      p2SelfCheck: bool(row.p2_self_check),
      part1: p1(0),
      extraPart1: p1(1),
      part2: p2(0),
      extraPart2: p2(1),
    };
  });

  const creditsAuto = (await db.selectFrom('credits_auto').selectAll().orderBy('num').execute()).map((row) => ({
    num: row.num,
    lesson: row.lesson_num,
    lessons: row.lesson_numbers,
    startsAt: row.starts_at,
    deadlineAt: row.deadline_at,
    questionCount: row.question_count,
    maxMinutes: row.max_minutes,
    maxAttempts: row.max_attempts,
    maxErrors: row.max_errors,
  }));
  const creditsVerbal = (await db.selectFrom('credits_verbal').selectAll().orderBy('num').execute()).map((row) => ({
    num: row.num,
    lesson: row.lesson_num,
    lessons: row.lesson_numbers,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
  }));

  const elementsOf = async (table: 'question_p1_elements' | 'question_p2_elements') => {
    const byId = new Map<number, string[]>();
    for (const row of await db.selectFrom(table).selectAll().orderBy('element_code').execute()) byId.set(row.question_id, [...(byId.get(row.question_id) ?? []), row.element_code]);
    return byId;
  };
  const [p1Elements, p2Elements] = [await elementsOf('question_p1_elements'), await elementsOf('question_p2_elements')];
  const chunkElements = new Map<number, string[]>();
  for (const row of await db.selectFrom('kb_chunk_elements').selectAll().orderBy('element_code').execute()) chunkElements.set(row.chunk_id, [...(chunkElements.get(row.chunk_id) ?? []), row.element_code]);
  // Elements only where there are any: a course without the learning model exports as before.
  const withElements = (codes: string[] | undefined) => (codes?.length ? { elements: codes } : {});
  const questionsP1 = (await db.selectFrom('questions_p1').selectAll().orderBy('id').execute()).map((row) => ({ key: p1Key(row.id), question: questionJsonOf(row), ...withElements(p1Elements.get(row.id)) }));
  const questionsP2 = (await db.selectFrom('questions_p2').selectAll().orderBy('id').execute()).map((row) => ({
    key: p2Key(row.id),
    question: row.question,
    questionImage: row.question_image,
    explanationImage: row.explanation_image,
    explanationMarkdown: row.explanation_markdown,
    criteria: row.criteria,
    taskNumber: row.task_number,
    lesson: row.lesson_num,
    chapter: row.chapter,
    maxPoints: row.max_points,
    public: bool(row.is_public),
    plus90: bool(row.is_90plus),
    ...withElements(p2Elements.get(row.id)),
  }));
  const oralQuestions = (await db.selectFrom('verbal_questions').selectAll().orderBy('id').execute()).map((row) => ({
    key: `oral-${row.id}`,
    question: row.question,
    answer: row.answer,
    credit: row.zachet_num,
    lesson: row.lesson_num,
    public: bool(row.is_public),
    plus90: bool(row.plus90),
  }));

  const chunkLinks = await db.selectFrom('kb_chunk_questions').selectAll().orderBy('chunk_id').orderBy('position').execute();
  const theory = (await db.selectFrom('kb_chunks').selectAll().where('kind', '=', 'theory').orderBy('id').execute()).map((row) => ({
    key: `theory-${row.id}`,
    name: row.name,
    lesson: row.lesson_num,
    plus90: bool(row.is_90plus),
    text: row.answer_text,
    questions: chunkLinks.filter((link) => link.chunk_id === row.id).map((link) => p1Key(link.question_id)),
    ...withElements(chunkElements.get(row.id)),
  }));
  const termRows = await db.selectFrom('terms').selectAll().orderBy('id').execute();
  const terms = termRows.map((row) => ({ key: `term-${row.id}`, name: row.name, definition: row.definition, lesson: row.lesson_num, chapter: row.chapter }));
  const variants = await db.selectFrom('sign_term_variants').selectAll().orderBy('sign_term_id').orderBy('position').execute();
  const signTerms = (await db.selectFrom('sign_terms').selectAll().orderBy('id').execute()).map((row) => ({
    name: row.name,
    lesson: row.lesson_num,
    term: row.term_id === null ? null : `term-${row.term_id}`,
    signs: variants.filter((variant) => variant.sign_term_id === row.id).map((variant) => ({ text: variant.text, right: bool(variant.is_right), description: variant.description })),
  }));

  const opening = lessons.flatMap((lesson) => (lesson.opensAt === null ? [] : [lesson.opensAt]));
  const manifest: CourseManifest = {
    schemaVersion: PACKAGE_SCHEMA_VERSION,
    courseStart: opening.length > 0 ? Math.min(...opening) : options.now,
    chapters: chapterRows.map((row) => ({ key: chapterKey.get(row.id)!, name: row.name })),
    lessons,
    videos,
    homeworks,
    creditsAuto,
    creditsVerbal,
    questionsP1,
    questionsP2,
    oralQuestions,
    theory,
    terms,
    signTerms,
  };
  return { manifest, files };
}

/** The package as one zip: manifest.json at its root, then its files. */
export function zipCoursePackage(exported: ExportedPackage): Uint8Array {
  const entries: Zippable = { 'manifest.json': new TextEncoder().encode(JSON.stringify(exported.manifest, null, 1)) };
  for (const [name, bytes] of exported.files) entries[name] = [bytes, { level: name.startsWith('videos/') ? 0 : 6 }];
  return zipSync(entries);
}
