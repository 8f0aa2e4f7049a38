import { ruRatings } from '../../i18n/ratings';
import { MonthRatingCard } from './MonthRatingCard';
import { RatingChartCard } from './RatingChartCard';
import { RatingStoryCard } from './RatingStoryCard';
import { RatingTopCard } from './RatingTopCard';
import './ratings.css';

/**
 * Ratings (shell §2.10): my rating for the month, the rating change chart, the last 20
 * changes and the top 10. Chapter mastery, the study rating and the homework chart come with
 * course and homework results.
 */
export function RatingsPage() {
  return (
    <section className="screen ratings" aria-labelledby="screen-title">
      <h1 id="screen-title">{ruRatings.title}</h1>
      <MonthRatingCard />
      <RatingChartCard />
      <div className="ratings__columns">
        <RatingStoryCard />
        <RatingTopCard />
      </div>
    </section>
  );
}
