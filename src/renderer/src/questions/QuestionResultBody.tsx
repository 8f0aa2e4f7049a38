import type { HomeworkQuestionP1 } from '@shared/contract/homework-p1';
import { kindSpecOf } from '@shared/domain/questions';
import { ErrorBox } from '../ui';
import { scoreTone, toQuestion } from './logic';
import { QuestionBody } from './QuestionBody';
import type { QuestionView } from '../lib/question-view';
import { isRightAnswer } from './answer-result';
import './question-result.css';

export interface QuestionResultTexts {
  yourAnswer: string;
  rightAnswer: string;
  noAnswer: string;
  explanation: string;
  noQuestion: string;
  /** Other accepted answers; left out where the screen does not list them. */
  otherAnswers?: string;
  /** The points row ('x / max'); left out where a screen shows no points. */
  points?: string;
}

/**
 * One finished question of homework part 1, automatic credits and training part 1: the question,
 * the answer given against the right one, and the explanations.
 */
export function QuestionResultBody({ row, view, texts }: { row: HomeworkQuestionP1; view: QuestionView; texts: QuestionResultTexts }) {
  const question = toQuestion(row.qJson);
  const others = (row.qJson.rightAnswers ?? []).filter((answer) => answer !== row.q_answer);
  const descriptions = (row.qJson.descriptions ?? []).filter((text) => text.trim() !== '');
  return (
    <>
      {question ? <QuestionBody question={question} view={view === 'graphic' && kindSpecOf(question).optionsInGraphicWidget ? 'text' : view} /> : <ErrorBox message={texts.noQuestion} />}
      <dl className="ht-detail__answers">
        <div>
          <dt>{texts.yourAnswer}</dt>
          <dd className={isRightAnswer(row) ? 'ht-right' : 'ht-wrong'}>{row.user_answer || texts.noAnswer}</dd>
        </div>
        <div>
          <dt>{texts.rightAnswer}</dt>
          <dd className="ht-right">{row.q_answer}</dd>
        </div>
        {texts.otherAnswers && others.length > 0 && (
          <div>
            <dt>{texts.otherAnswers}</dt>
            <dd>{others.join(', ')}</dd>
          </div>
        )}
        {texts.points && (
          <div>
            <dt>{texts.points}</dt>
            <dd className={`ht-score--${scoreTone(row.user_ball ?? 0, row.real_ball)}`}>
              {row.user_ball ?? 0} / {row.real_ball}
            </dd>
          </div>
        )}
      </dl>
      {(row.q_description || descriptions.length > 0) && (
        <div className="ht-detail__explanation">
          <h3>{texts.explanation}</h3>
          {row.q_description && <p>{row.q_description}</p>}
          {descriptions.length > 0 && (
            <ul>
              {descriptions.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
