import { useQuery } from '@tanstack/react-query';
import { formatMoscowDate } from '@shared/domain/moscow-time';
import type { ReviewCard } from '@shared/contract/reviews';
import { useState } from 'react';
import { ruReviews } from '../../i18n/reviews';
import { ApiError } from '../../lib/api-client';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { Button, EmptyState, ErrorBox, Loader, ProgressBar, WarningNote } from '../../ui';
import { ReviewStep } from './ReviewStep';
import '../../ui/field.css';
import '../../questions/questions.css';
import '../../questions/question-result.css';
import './reviews.css';
import { reviewsQueries } from './api';

const t = ruReviews;

/**
 * «Повторение»: the due review cards one at a time; after each answer the
 * verdict, the explanation and when the card comes back. The cards of a session are the ones
 * loaded when it began; «Ещё карточки» loads the next due ones.
 */
export function ReviewsPage() {
  const due = useQuery(reviewsQueries.due());
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState(0);

  const restart = async () => {
    await due.refetch();
    setIndex(0);
  };

  const data = due.data;
  return (
    <section className="screen reviews" aria-labelledby="reviews-title">
      <h1 id="reviews-title" className="reviews__title">
        {t.title}
      </h1>
      <p className="reviews__intro muted">{t.intro}</p>
      {data && data.savedAt !== null && (
        <WarningNote role="status" className="reviews__saved" data-testid="reviews-saved">
          {t.savedCopy(formatMoscowDateTime(data.savedAt))}
        </WarningNote>
      )}
      {due.isPending ? (
        <Loader />
      ) : due.isError && !data ? (
        <ErrorBox message={due.error instanceof ApiError && due.error.kind === 'failure' ? due.error.message : t.loadError} onRetry={() => void restart()} retryLabel={t.retry} />
      ) : !data ? null : index < data.cards.length ? (
        <Session
          cards={data.cards}
          index={index}
          onNext={() => {
            setAnswered((count) => count + 1);
            setIndex((at) => at + 1);
          }}
        />
      ) : answered > 0 && index > 0 ? (
        <EmptyState
          text={t.done(answered)}
          action={
            <Button onClick={() => void restart()} loading={due.isFetching} data-testid="reviews-more" autoFocus>
              {t.more}
            </Button>
          }
        />
      ) : (
        <div data-testid="reviews-empty">
          <EmptyState text={t.empty} />
          <p className="reviews__next muted">{data.nextDueAt === null ? t.emptyNone : t.emptyNext(formatMoscowDate(data.nextDueAt))}</p>
        </div>
      )}
    </section>
  );
}

function Session({ cards, index, onNext }: { cards: ReviewCard[]; index: number; onNext: () => void }) {
  const progress = (index / cards.length) * 100;
  const card = cards[index]!;
  return (
    <div className="reviews__session">
      <ProgressBar value={progress} label={t.progress(index + 1, cards.length)} valueText={`${Math.round(progress)}%`} showValue={false} size="sm" />
      <ReviewStep key={card.cardId} card={card} isLast={index === cards.length - 1} onNext={onNext} />
    </div>
  );
}
