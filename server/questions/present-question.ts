import type { HomeworkQuestionP1, StudentQuestionJson } from '../../src/shared/contract/homework-p1';
import { answerInputOf, answerToDisplayed, isAnswerComplete, typedShapeOk, type QuestionJson } from '../../src/shared/domain/questions';
import { questionJsonOf, type QuestionP1Row } from './question-bank';

/** What a student may see of a question: while solving, no right answers and no explanations. */
export function studentJson(question: QuestionJson, reveal: boolean): StudentQuestionJson {
  const { rightAnswers, descriptions, descriptionGeneral, isPublished: _p, isSelfmade: _s, is90Plus: _n, ...visible } = question;
  return reveal ? { ...visible, rightAnswers: rightAnswers.map((right) => answerToDisplayed(question, right)), descriptions, descriptionGeneral } : visible;
}

export interface PresentOptions {
  qNumber: number;
  /** The answer given (or a draft while solving). */
  userAnswer: string;
  /** Points earned, null while not revealed. */
  points: number | null;
  maxPoints: number;
  difficult: boolean;
  /** After the work is finished: right answer and explanations are shown. */
  reveal: boolean;
}

/** One part 1 question in the wire shape shared by homework, credits and trainings. */
export function presentQuestion(row: QuestionP1Row, options: PresentOptions): HomeworkQuestionP1 {
  const question = questionJsonOf(row);
  const input = answerInputOf(question);
  return {
    q_number: options.qNumber,
    q_chapter: row.chapter,
    q_id: row.id,
    is_difficult: options.difficult ? '1' : '0',
    user_ball: options.reveal ? (options.points ?? 0) : null,
    real_ball: options.maxPoints,
    q_task_number: row.ege_num,
    q_answer: options.reveal ? answerToDisplayed(question, question.rightAnswers[0]!) : '',
    user_answer: options.userAnswer,
    q_description: options.reveal ? question.descriptionGeneral : '',
    qJson: studentJson(question, options.reveal),
    ans_length: input.kind === 'slots' ? input.slots : 0,
  };
}

/** Why a typed answer cannot be scored, or null: the typing rules of §5 checked again on the server. */
export function typedAnswerProblem(question: QuestionJson, typed: string): 'empty' | 'shape' | null {
  const answer = typed.trim();
  if (answer === '') return 'empty';
  return typedShapeOk(question, answer) && isAnswerComplete(question, answer) ? null : 'shape';
}
