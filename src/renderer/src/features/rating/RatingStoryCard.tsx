import { ruRating } from '../../i18n/rating';
import { Card, QueryState } from '../../ui';
import { errorText } from '../../lib/error-text';
import { formatChange, formatDateTime, valueTone } from './rating-format';
import { useRatingStory } from './api';

const t = ruRating.story;

/** The last 20 rating changes, newest first (shell §2.10, §9). */
export function RatingStoryCard() {
  const story = useRatingStory();
  return (
    <Card title={t.title} className="rating-story">
      <QueryState query={story} errorText={(error) => errorText(error, t.error)} empty={(data) => data.ratingStory.length === 0 && t.empty} emptyCompact>
        {(data) => (
          // A scrolling region is reachable from the keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll without a mouse
          <ol className="rating-story__list" data-testid="rating-story" tabIndex={0} aria-label={t.title}>
            {data.ratingStory.map((change, index) => (
              <li key={`${change.datetime}-${index}`} className="rating-story__item">
                <span className={`rating-story__value rating-value--${valueTone(change.value)}`}>{formatChange(change.value)}</span>
                <span className="rating-story__comment">{change.comment}</span>
                <time className="rating-story__time muted small" dateTime={change.datetime}>
                  {formatDateTime(change.datetime)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </Card>
  );
}
