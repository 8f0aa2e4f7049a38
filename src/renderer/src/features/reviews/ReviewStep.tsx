import { answerReview, type AnswerReviewResult, type ReviewCard } from '@shared/contract/reviews';
import { formatMoscowDate } from '@shared/domain/moscow-time';
import { answerInputOf, isAnswerComplete, type QuestionJson } from '@shared/domain/questions';
import { useEffect, useRef, useState } from 'react';
import { ruReviews } from '../../i18n/reviews';
import { api } from '../../lib/api';
import { isConnectionFailure, messageOf } from '../../lib/error-text';
import { ownerScope } from '../../lib/offline-store/owner-scope';
import { newOpId } from '../../lib/op-id';
import { useQuestionView } from '../../lib/question-view';
import { Button, Card, cx, ErrorBox } from '../../ui';
import { AnswerInput } from '../../questions/AnswerInput';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';
import { QuestionResultBody } from '../../questions/QuestionResultBody';
import { TermResult, TermTicks } from './TermCard';
import { queueReviewAnswer } from './offline/review-outbox';

const t = ruReviews;
type Answer = { userAnswer: string; ticks: Array<0 | 1> };

/** One due card: the answer form, then the server's verdict, the explanation and the next date. */
export function ReviewStep({ card, isLast, onNext }: { card: ReviewCard; isLast: boolean; onNext: () => void }) {
  // One op id per card: a retry after a lost reply is the same answer, answered once.
  const [opId] = useState(newOpId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AnswerReviewResult | null>(null);
  const [queued, setQueued] = useState(false);

  /** No connection: the answer waits on the device (same op id) and goes by itself later. */
  const keepOnDevice = async (answer: Answer): Promise<boolean> => {
    try {
      const scope = await ownerScope();
      if (!scope) return false;
      const title = card.question ? t.task(card.question.q_task_number) : `${t.term} «${card.term?.name ?? ''}»`;
      await queueReviewAnswer(scope, { input: { cardId: card.cardId, ...answer, opId }, title });
      return true;
    } catch {
      return false;
    }
  };

  const send = async (answer: Answer) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await api.call(answerReview, { cardId: card.cardId, ...answer, opId }, { handleErrors: true }));
    } catch (failure) {
      if (isConnectionFailure(failure) && (await keepOnDevice(answer))) setQueued(true);
      else setError(t.error(messageOf(failure)));
    }
    setBusy(false);
  };

  if (queued) {
    return (
      <div className="reviews__card" data-testid="reviews-card">
        <Card>
          <p className="reviews__queued" role="status" data-testid="reviews-queued">
            {t.queued}
          </p>
          <div className="ht-step__actions">
            <Button onClick={onNext} data-testid="reviews-next">
              {isLast ? t.finish : t.next}
            </Button>
          </div>
        </Card>
      </div>
    );
  }

  return (
    // The question form is a card of its own (ht-step); the verdict and a term get one here.
    <div className="reviews__card" data-testid="reviews-card">
      {result ? (
        <Card>
          <Verdict result={result} isLast={isLast} onNext={onNext} />
        </Card>
      ) : card.question ? (
        <QuestionForm card={card} question={toQuestion(card.question.qJson)} busy={busy} onSend={(userAnswer) => void send({ userAnswer, ticks: [] })} />
      ) : card.term ? (
        <Card>
          <TermTicks term={card.term} busy={busy} onSend={(ticks) => void send({ userAnswer: '', ticks })} />
        </Card>
      ) : null}
      {error && (
        <p className="reviews__error" role="alert" data-testid="reviews-error">
          {error}
        </p>
      )}
    </div>
  );
}

function QuestionForm({ card, question, busy, onSend }: { card: ReviewCard; question: QuestionJson | null; busy: boolean; onSend: (answer: string) => void }) {
  const [view] = useQuestionView();
  const input = question ? answerInputOf(question) : null;
  const [answer, setAnswer] = useState(() => (input ? normalizeAnswer(input, '') : ''));
  if (!question || !input || !card.question) return <ErrorBox message={t.result.noQuestion} />;
  const complete = isAnswerComplete(question, answer);
  const submit = () => {
    if (complete) onSend(answerToSend(input, answer));
  };
  return (
    <form
      className="ht-step reviews__step"
      aria-labelledby="reviews-question-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="ht-step__head">
        <h2 id="reviews-question-title" className="ht-step__title">
          {t.task(card.question.q_task_number)}
        </h2>
        {card.question.q_chapter && <span className="ht-tag ht-tag--muted">{card.question.q_chapter}</span>}
      </div>
      <QuestionBody question={question} view={view} />
      <AnswerInput question={question} view={view} value={answer} onChange={setAnswer} disabled={busy} onSubmit={submit} />
      <div className="ht-step__actions">
        <Button type="submit" loading={busy} disabled={!complete} data-testid="reviews-check">
          {t.check}
        </Button>
      </div>
    </form>
  );
}

function Verdict({ result, isLast, onNext }: { result: AnswerReviewResult; isLast: boolean; onNext: () => void }) {
  const [view] = useQuestionView();
  const right = result.right === '1';
  const blockRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // The verdict replaces the form, maybe scrolled past: show it from its top, and wait on «Дальше»
  // without scrolling there, so Enter goes on.
  useEffect(() => {
    const block = blockRef.current;
    if (block && block.getBoundingClientRect().top < 0) block.scrollIntoView({ block: 'start' });
    actionsRef.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="reviews__verdict-block" ref={blockRef}>
      <p className={cx('reviews__verdict', right ? 'reviews__verdict--right' : 'reviews__verdict--wrong')} role="status" data-testid="reviews-verdict">
        {right ? t.right : t.wrong}
      </p>
      {result.question && <QuestionResultBody row={result.question} view={view} texts={t.result} />}
      {result.term && <TermResult term={result.term} />}
      <p className="reviews__next-date" data-testid="reviews-next-date">
        {t.nextReview(formatMoscowDate(result.nextDueAt))}
      </p>
      <div className="ht-step__actions" ref={actionsRef}>
        <Button onClick={onNext} data-testid="reviews-next">
          {isLast ? t.finish : t.next}
        </Button>
      </div>
    </div>
  );
}
