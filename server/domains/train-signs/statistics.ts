import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { openTerms } from './terms';

/**
 * The trainer's statistics over the terms open to the student: answers given (each counts),
 * different terms answered, and different terms whose latest answer was wrong (so the number
 * falls as the student corrects them).
 */
export async function signsInfo(db: Db, user: CurrentUser, now: number) {
  const terms = await openTerms(db, user, now);
  const open = new Set(terms.map((term) => term.id));
  const answers = await db
    .selectFrom('sign_trainer_answers')
    .select(['sign_term_id', 'is_right'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  const latest = new Map<number, number>();
  let countAnswers = 0;
  for (const answer of answers) {
    if (!open.has(answer.sign_term_id)) continue;
    countAnswers += 1;
    latest.set(answer.sign_term_id, answer.is_right);
  }
  return {
    info: {
      countAvailableTermins: terms.length,
      countAnswers,
      countUniqueAnswers: latest.size,
      countIncorrectUniqueAnswers: [...latest.values()].filter((isRight) => isRight === 0).length,
    },
  };
}

/** Chapters with at least one open term, in course order. */
export async function razdelNames(db: Db, user: CurrentUser, now: number): Promise<string[]> {
  return [...new Set((await openTerms(db, user, now)).map((term) => term.chapter))];
}
