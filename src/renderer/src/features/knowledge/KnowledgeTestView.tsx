import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getKnowledgeQuestions, switchKnowledgeQuestion } from '@shared/contract/knowledge';
import type { z } from 'zod';
import type { knowledgeTestQuestion } from '@shared/contract/knowledge';
import { answerInputOf } from '@shared/domain/questions';
import { useState } from 'react';
import { ruKnowledge } from '../../i18n/knowledge';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, cx, ErrorBox, Loader, QueryState } from '../../ui';
import { AnswerInput } from '../../questions/AnswerInput';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';
import { useQuestionView } from '../../lib/question-view';
import { QuestionResultBody } from '../../questions/QuestionResultBody';
import '../../questions/questions.css';
import { knowledgeKeys, knowledgeQueries } from './api';
import './knowledge.css';

const t = ruKnowledge.test;
type TestQuestion = z.infer<typeof knowledgeTestQuestion>;

/**
 * A cell's test, titled by its topic (the spec's 'Клетка знаний №id' under it): the chunk's
 * questions one by one, then 'Верных: X из Y' (scored on the server) with each answer.
 */
export function KnowledgeTestView({ chunkId, onBack }: { chunkId: number; onBack: () => void }) {
  const client = useQueryClient();
  const testQuery = knowledgeQueries.test(chunkId);
  const test = useQuery(testQuery);
  // The cell's topic; until it arrives (or if it cannot) the title is the cell's number.
  const topic = useQuery(knowledgeQueries.chunk(chunkId)).data?.name;
  const [restarting, setRestarting] = useState(false);
  const [restartError, setRestartError] = useState<string | null>(null);
  const restart = async () => {
    setRestarting(true);
    setRestartError(null);
    try {
      client.setQueryData(testQuery.queryKey, await liveRequest(getKnowledgeQuestions, { chunkId, startTest: '1' }));
    } catch (error) {
      setRestartError(t.saveError(liveErrorText(error)));
    } finally {
      setRestarting(false);
    }
  };
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: knowledgeKeys.all });
  };

  return (
    <section className="screen kb-test" aria-labelledby="kb-test-title">
      <div className="kb-test__head">
        <div>
          <h1 id="kb-test-title">{topic || t.title(chunkId)}</h1>
          {topic && <p className="muted small kb-test__cell">{t.title(chunkId)}</p>}
        </div>
        <Button variant="ghost" onClick={onBack} data-testid="kb-back-to-map">
          {t.backToMap}
        </Button>
      </div>
      <QueryState query={test} errorText={(error) => ruKnowledge.map.error(liveErrorText(error))} loading={<Loader label={t.loading} />} empty={(data) => data.questions.length === 0 && ruKnowledge.item.noTest}>
        {(data) => data.testStatus === 'Выполняется' ? (
          <Solving key={test.dataUpdatedAt} chunkId={chunkId} questions={data.questions} onFinished={refresh} />
        ) : data.testStatus === 'Готово' ? (
          <Result questions={data.questions} onAgain={() => void restart()} restarting={restarting} error={restartError} />
        ) : (
          <ErrorBox message={t.unknownStatus} />
        )}
      </QueryState>
    </section>
  );
}

function Solving({ chunkId, questions, onFinished }: { chunkId: number; questions: TestQuestion[]; onFinished: () => Promise<void> }) {
  const [view] = useQuestionView();
  const [index, setIndex] = useState(() => Math.max(0, questions.findIndex((q) => q.userAnswer === '')));
  const [answers, setAnswers] = useState<Record<number, string>>(() => Object.fromEntries(questions.map((q) => [q.qId, q.userAnswer])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const row = questions[index]!;
  const question = toQuestion(row.question.qJson);
  const input = question ? answerInputOf(question) : null;
  const value = input ? normalizeAnswer(input, answers[row.qId] ?? '') : '';
  const isLast = index === questions.length - 1;

  const go = async (target: number | 'finish') => {
    if (busy || !input) return;
    setBusy(true);
    setError(null);
    try {
      const sent = answerToSend(input, value);
      await liveRequest(switchKnowledgeQuestion, { chunkId, qId: row.qId, userAnswer: sent, finishTest: target === 'finish' ? '1' : '0', next: target === 'finish' ? '' : questions[target]!.qId });
      if (target === 'finish') await onFinished();
      else setIndex(target);
    } catch (failure) {
      setError(t.saveError(liveErrorText(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="ht-step"
      aria-labelledby="kb-question-title"
      onSubmit={(event) => {
        event.preventDefault();
        void go(isLast ? 'finish' : index + 1);
      }}
    >
      <div className="ht-step__head">
        <h2 id="kb-question-title" className="ht-step__title">
          {t.question(index + 1, questions.length)}
        </h2>
      </div>
      {question && input ? (
        <>
          <QuestionBody question={question} view={view} />
          <AnswerInput question={question} view={view} value={value} onChange={(next) => setAnswers((all) => ({ ...all, [row.qId]: next }))} disabled={busy} onSubmit={() => void go(isLast ? 'finish' : index + 1)} />
        </>
      ) : (
        <ErrorBox message={t.answers.noQuestion} />
      )}
      <div className="kb-test__nav">
        <Button type="button" variant="secondary" disabled={index === 0 || busy} onClick={() => void go(index - 1)}>
          {t.previous}
        </Button>
        <Button type="submit" loading={busy} data-testid="kb-test-next">
          {isLast ? t.finish : t.next}
        </Button>
      </div>
      {error && (
        <p className="ht-step__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function Result({ questions, onAgain, restarting, error }: { questions: TestQuestion[]; onAgain: () => void; restarting: boolean; error: string | null }) {
  const [view] = useQuestionView();
  const [open, setOpen] = useState<number | null>(null);
  const right = questions.filter((q) => q.isRightAnswer === '1').length;
  const shown = open === null ? null : questions[open];
  if (shown) {
    return (
      <div className="kb-test">
        <div className="kb-test__head">
          <h2>{t.question(open! + 1, questions.length)}</h2>
          <Button variant="ghost" onClick={() => setOpen(null)} data-testid="kb-back-to-result">
            {t.backToResult}
          </Button>
        </div>
        {shown.question.q_answer === '' ? <ErrorBox message={t.noRightAnswer} /> : <QuestionResultBody row={shown.question} view={view} texts={t.answers} />}
      </div>
    );
  }
  return (
    <div className="kb-test">
      <p className="kb-result__score" data-testid="kb-result">
        {t.result(right, questions.length)}
      </p>
      <ol className="kb-result__list" data-testid="kb-result-list">
        {questions.map((q, index) => {
          const isRight = q.isRightAnswer === '1';
          return (
            <li key={q.qId} className="kb-result__row">
              <Button
                variant="secondary"
                className={cx('kb-result__mark', isRight ? 'kb-result__mark--right' : 'kb-result__mark--wrong')}
                aria-label={`${t.question(index + 1, questions.length)}: ${isRight ? t.right : t.wrong}. ${t.details}`}
                title={t.details}
                onClick={() => setOpen(index)}
              >
                {index + 1} {isRight ? '✓' : '✗'}
              </Button>
              <dl className="kb-result__answers">
                <div>
                  <dt>{t.answers.yourAnswer}</dt>
                  <dd className={isRight ? 'ht-right' : 'ht-wrong'}>{q.userAnswer || t.answers.noAnswer}</dd>
                </div>
                <div>
                  <dt>{t.answers.rightAnswer}</dt>
                  <dd className="ht-right">{q.question.q_answer || t.noRightAnswer}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ol>
      <div>
        <Button onClick={onAgain} loading={restarting} data-testid="kb-test-again">
          {t.again}
        </Button>
      </div>
      {error && <ErrorBox message={error} />}
    </div>
  );
}
