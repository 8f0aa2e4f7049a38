import type { Page } from 'playwright-core';
import type { Db } from '../../server/db';
import { questionJsonOf } from '../../server/questions/question-bank';
import { answerInputOf, answerKindOf, answerToDisplayed, digitsOf, type AnswerInput } from '../../src/shared/domain/questions';

/**
 * A bank question's right answer in displayed numbering, and a wrong one of the question's own
 * shape that scores 0 (a set: a digit outside the right ones; fixed slots: every digit changed),
 * with the input the student sees.
 */
export async function questionAnswers(db: Db, questionId: number): Promise<{ right: string; wrong: string; input: AnswerInput }> {
  const row = await db.selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
  const question = questionJsonOf(row);
  const right = answerToDisplayed(question, question.rightAnswers[0]!);
  const kind = answerKindOf(question.questionType);
  let wrong: string;
  if (kind === 'word') wrong = 'ошибка';
  else if (kind === 'set') {
    const used = new Set(digitsOf(right));
    wrong = String([...Array(question.questionAnsColumn1.length || 9).keys()].map((n) => n + 1).find((n) => !used.has(n)) ?? 9);
  } else wrong = digitsOf(right).map((digit) => (digit === 1 ? '2' : '1')).join('');
  return { right, wrong, input: answerInputOf(question) };
}

/** Types an answer into whichever input the question shows (text view), with the keyboard for slots. */
export async function typeQuestionAnswer(page: Page, answer: string, input: AnswerInput): Promise<void> {
  if (input.kind === 'word') await page.getByTestId('answer-word').fill(answer);
  else if (input.kind === 'slots') {
    await page.getByTestId('answer-slot-1').focus();
    await page.keyboard.type(answer);
  } else await page.getByTestId('answer-digits').fill(answer);
}
