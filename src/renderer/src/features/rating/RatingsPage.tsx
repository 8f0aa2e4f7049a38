import { ruRating } from '../../i18n/rating';
import { ChapterMasteryCard } from './ChapterMasteryCard';
import { HomeworkChartCard } from './HomeworkChartCard';
import { MonthRatingCard } from './MonthRatingCard';
import { RatingChartCard } from './RatingChartCard';
import { RatingStoryCard } from './RatingStoryCard';
import { RatingTopCard } from './RatingTopCard';
import { StudyRatingCard } from './StudyRatingCard';
import './rating.css';

/**
 * Ratings (shell §2.10), in the spec's order: chapter mastery, mastery rating, homework points
 * chart, my rating for the month, the rating change chart, the last 20 changes and the top 10.
 */
export function RatingsPage() {
  return (
    <section className="screen ratings" aria-labelledby="screen-title">
      <h1 id="screen-title">{ruRating.title}</h1>
      <ChapterMasteryCard />
      <StudyRatingCard />
      <HomeworkChartCard />
      <MonthRatingCard />
      <RatingChartCard />
      <div className="ratings__columns">
        <RatingStoryCard />
        <RatingTopCard />
      </div>
    </section>
  );
}
