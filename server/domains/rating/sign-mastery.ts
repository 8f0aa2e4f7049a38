import type { Db } from '../../db';

/**
 * The signs trainer's share of course mastery (see the comment at the top of mastery.ts): per
 * chapter its terms and true signs, and what a student has solved of them.
 */

export interface ChapterSigns {
  numTermins: number;
  numSolvedTermins: number;
  numPriznaki: number;
  numSolvedPriznaki: number;
  /** Terms earned sign by sign: Σ recognised / true signs of each term (a solved term gives 1). */
  units: number;
  /** The same two for the terms of lessons expected by now (server/pace/expected-lessons.ts). */
  expectedTerms: number;
  expectedUnits: number;
}

export const NO_SIGNS: ChapterSigns = { numTermins: 0, numSolvedTermins: 0, numPriznaki: 0, numSolvedPriznaki: 0, units: 0, expectedTerms: 0, expectedUnits: 0 };

/** Every trainer term with its chapter and number of true signs. */
async function termsWithTrueSigns(db: Db) {
  const [terms, trueSigns] = await Promise.all([
    db.selectFrom('sign_terms').innerJoin('lessons', 'lessons.number', 'sign_terms.lesson_num').select(['sign_terms.id', 'sign_terms.lesson_num', 'lessons.chapter_id']).execute(),
    db
      .selectFrom('sign_term_variants')
      .select(['sign_term_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('is_right', '=', 1)
      .groupBy('sign_term_id')
      .execute(),
  ]);
  const trueCount = new Map(trueSigns.map((row) => [row.sign_term_id, Number(row.count)]));
  return terms.map((term) => ({ id: term.id, lessonNum: term.lesson_num, chapterId: term.chapter_id, trueSigns: trueCount.get(term.id) ?? 0 }));
}

/** (user, term, recognised true signs) for one user or, without one, for everybody. */
function recognisedPerTerm(db: Db, userId?: number) {
  let query = db
    .selectFrom('sign_recognitions')
    .innerJoin('sign_term_variants', 'sign_term_variants.id', 'sign_recognitions.variant_id')
    .select(['sign_recognitions.user_id', 'sign_term_variants.sign_term_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('sign_term_variants.is_right', '=', 1)
    .groupBy(['sign_recognitions.user_id', 'sign_term_variants.sign_term_id']);
  if (userId !== undefined) query = query.where('sign_recognitions.user_id', '=', userId);
  return query.execute();
}

/** A student's signs-trainer mastery per chapter id; `expected` tells which lessons are due by now. */
export async function chapterSigns(db: Db, userId: number, expected: (lessonNum: number) => boolean): Promise<Map<number, ChapterSigns>> {
  const [terms, solved, recognised] = await Promise.all([
    termsWithTrueSigns(db),
    db.selectFrom('sign_trainer_answers').select('sign_term_id').where('user_id', '=', userId).where('is_right', '=', 1).distinct().execute(),
    recognisedPerTerm(db, userId),
  ]);
  const solvedIds = new Set(solved.map((row) => row.sign_term_id));
  const recognisedOf = new Map(recognised.map((row) => [row.sign_term_id, Number(row.count)]));
  const chapters = new Map<number, ChapterSigns>();
  for (const term of terms) {
    const chapter = chapters.get(term.chapterId) ?? { ...NO_SIGNS };
    const known = Math.min(recognisedOf.get(term.id) ?? 0, term.trueSigns);
    chapter.numTermins += 1;
    chapter.numSolvedTermins += solvedIds.has(term.id) ? 1 : 0;
    chapter.numPriznaki += term.trueSigns;
    chapter.numSolvedPriznaki += known;
    const units = term.trueSigns === 0 ? 0 : known / term.trueSigns;
    chapter.units += units;
    if (expected(term.lessonNum)) {
      chapter.expectedTerms += 1;
      chapter.expectedUnits += units;
    }
    chapters.set(term.chapterId, chapter);
  }
  return chapters;
}

/** Every trainer term counts as one unit of the course in the study rating. */
export async function signTermCount(db: Db): Promise<number> {
  const row = await db.selectFrom('sign_terms').innerJoin('lessons', 'lessons.number', 'sign_terms.lesson_num').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Per user the term units earned (see ChapterSigns.units). */
export async function signUnitsByUser(db: Db): Promise<Map<number, number>> {
  const [terms, recognised] = await Promise.all([termsWithTrueSigns(db), recognisedPerTerm(db)]);
  const trueSigns = new Map(terms.map((term) => [term.id, term.trueSigns]));
  const units = new Map<number, number>();
  for (const row of recognised) {
    const whole = trueSigns.get(row.sign_term_id) ?? 0;
    if (whole === 0) continue;
    units.set(row.user_id, (units.get(row.user_id) ?? 0) + Math.min(Number(row.count), whole) / whole);
  }
  return units;
}
