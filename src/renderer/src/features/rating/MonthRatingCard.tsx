import { useQueryClient } from '@tanstack/react-query';
import { ruRating } from '../../i18n/rating';
import { Card, Loader, QueryState } from '../../ui';
import { formatValue, valueTone } from './rating-format';
import { ratingQueries, useRatingStory } from './api';

const t = ruRating.month;

/** 'My rating for the month' with the overall rating; a failure offers to reload the screen's data. */
export function MonthRatingCard() {
  const story = useRatingStory();
  const queryClient = useQueryClient();
  return (
    <Card title={t.title} className="rating-month">
      <QueryState query={story} errorText={() => t.loadError} retryLabel={t.reload} onRetry={() => void queryClient.invalidateQueries(ratingQueries.all())} loading={<Loader hideLabel size="sm" />}>
        {(data) => (
          <div className="rating-month__values">
            <p className={`rating-month__value rating-value--${valueTone(data.ratingMonth)}`} data-testid="rating-month">
              {formatValue(data.ratingMonth)}
            </p>
            <p className="muted">
              {t.total}:{' '}
              <span className={`rating-value--${valueTone(data.rating)}`} data-testid="rating-total">
                {formatValue(data.rating)}
              </span>
            </p>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
