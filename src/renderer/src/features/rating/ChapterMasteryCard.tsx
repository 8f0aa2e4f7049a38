import { ruRating } from '../../i18n/rating';
import { liveErrorText } from '../../lib/live-request';
import { Card, fill, ProgressBar, QueryState } from '../../ui';
import { useChapterStatistics } from './use-mastery';

const t = ruRating.mastery;

/** Chapter mastery: the share of each chapter's questions (both parts) solved at full marks and of its signs-trainer terms. */
export function ChapterMasteryCard() {
  const stats = useChapterStatistics();
  return (
    <Card title={t.title} className="rating-mastery">
      <QueryState query={stats} errorText={(error) => t.error + liveErrorText(error)} empty={(data) => data.chaptersStatistics.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <div className="rating-mastery__body" data-testid="chapter-mastery">
            <ProgressBar value={data.solvedPercent} percent label={t.total} />
            <ul className="rating-mastery__list">
              {data.chaptersStatistics.map((chapter) => (
                <li key={chapter.chapterName} className="rating-mastery__item">
                  <ProgressBar value={chapter.chapterSolvedPercent} percent size="sm" label={chapter.chapterName} />
                  <p className="muted rating-mastery__details">
                    {fill(t.questions, { solved: chapter.numSolvedQuestionsP1, total: chapter.numQuestionsP1 })}
                    {chapter.numQuestionsP2 > 0 && <> · {fill(t.questionsP2, { solved: chapter.numSolvedQuestionsP2, total: chapter.numQuestionsP2 })}</>}
                    {chapter.numTermins > 0 && <> · {fill(t.terms, { solved: chapter.numSolvedTermins, total: chapter.numTermins })}</>}
                    {chapter.numPriznaki > 0 && <> · {fill(t.signs, { solved: chapter.numSolvedPriznaki, total: chapter.numPriznaki })}</>}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
