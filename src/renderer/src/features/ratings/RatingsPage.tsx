import { ruRatings } from '../../i18n/ratings';
import { HomeworkChartCard } from './HomeworkChartCard';
import { MonthRatingCard } from './MonthRatingCard';
import { RatingChartCard } from './RatingChartCard';
import { RatingStoryCard } from './RatingStoryCard';
import { RatingTopCard } from './RatingTopCard';
import './ratings.css';

/**
 * Ratings (shell §2.10): my rating for the month, the rating change chart, the last 20
 * changes, the homework points chart and the top 10. Chapter mastery and the study rating need
 * per-question results (the test engine).
 */
export function RatingsPage() {
  return (
    <section className="screen ratings" aria-labelledby="screen-title">
      <h1 id="screen-title">{ruRatings.title}</h1>
      <MonthRatingCard />
      <RatingChartCard />
      <HomeworkChartCard />
      <div className="ratings__columns">
        <RatingStoryCard />
        <RatingTopCard />
      </div>
    </section>
  );
}
