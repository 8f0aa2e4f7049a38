import type { Page } from 'playwright-core';
import type { Db } from '../../server/db';
import { answerInputOf, answerToDisplayed } from '../../src/shared/domain/questions';
import { questionJsonOf } from '../../server/questions/question-bank';

/**
 * An automatic credit in the browser, as the offline e2e files drive it: the running attempt's
 * questions with a right and a wrong answer as typed, the open question's number, an answer sent.
 */
export async function creditAttemptAnswers(db: Db, userId: number, credit: number) {
  const progress = await db.selectFrom('user_credits_auto').selectAll().where('user_id', '=', userId).where('credit_num', '=', credit).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('credit_auto_answers')
    .innerJoin('questions_p1', 'questions_p1.id', 'credit_auto_answers.question_id')
    .selectAll('questions_p1')
    .select('credit_auto_answers.q_num')
    .where('credit_auto_answers.user_id', '=', userId)
    .where('credit_auto_answers.credit_num', '=', credit)
    .where('credit_auto_answers.attempt', '=', progress.attempts)
    .execute();
  return new Map(
    rows.map((row) => {
      const question = questionJsonOf(row);
      // '9' is out of range for every bank question; slot answers need their full length.
      const input = answerInputOf(question);
      const wrong = input.kind === 'word' ? 'ошибка' : input.kind === 'slots' ? '9'.repeat(input.slots) : '9';
      return [row.q_num, { right: answerToDisplayed(question, question.rightAnswers[0]!), wrong }] as const;
    }),
  );
}

/** The open question's number, read from its heading. */
export async function openCreditQuestion(page: Page): Promise<number> {
  const heading = page.locator('#credit-question-title');
  await heading.waitFor();
  return Number(((await heading.textContent()) ?? '').replace(/\D/g, ''));
}

/** Types an answer into whichever text-view input the question has and sends it. */
export async function sendCreditAnswer(page: Page, typed: string): Promise<void> {
  const word = page.getByTestId('answer-word');
  const digits = page.getByTestId('answer-digits');
  if (await word.count()) await word.fill(typed);
  else if (await digits.count()) await digits.fill(typed);
  else {
    await page.getByTestId('answer-slot-1').focus();
    await page.keyboard.type(typed);
  }
  await page.getByTestId('credit-send').click();
}
