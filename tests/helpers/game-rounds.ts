import type { Db } from '../../server/db';
import { questionJsonOf } from '../../server/questions/question-bank';
import { typedAnswerProblem } from '../../server/questions/present-question';
import { answerInputOf, answerToDisplayed, scoreAnswer } from '../../src/shared/domain/questions';

/**
 * A Decide First round's right answer as a player types it, a wrong answer of the right shape
 * (scored below full points by the engine), the task's points and the answer input's kind.
 */
export async function roundAnswers(db: Db, gameId: number, qNum: number) {
  const row = await db
    .selectFrom('decide_first_rounds')
    .innerJoin('questions_p1', 'questions_p1.id', 'decide_first_rounds.question_id')
    .selectAll('questions_p1')
    .select('decide_first_rounds.real_ball')
    .where('decide_first_rounds.game_id', '=', gameId)
    .where('decide_first_rounds.q_num', '=', qNum)
    .executeTakeFirstOrThrow();
  const question = questionJsonOf(row);
  const right = answerToDisplayed(question, question.rightAnswers[0]!);
  const candidates = question.questionType === 'WORD' ? ['ошибка', 'неверно'] : ['9', '8', '7', '1', '2'].flatMap((digit) => [digit.repeat(right.length), digit]);
  const wrong = candidates.find((candidate) => typedAnswerProblem(question, candidate) === null && scoreAnswer(question, candidate, row.real_ball) < row.real_ball);
  if (wrong === undefined) throw new Error(`no wrong answer found for game ${gameId} round ${qNum}`);
  return { right, wrong, realBall: row.real_ball, input: answerInputOf(question) };
}
