import { ruRating } from '../../i18n/rating';
import { liveErrorText } from '../../lib/live-request';
import { Card, fill, PaceProgress, QueryState } from '../../ui';
import { useChapterStatistics } from './use-mastery';

const t = ruRating.mastery;

/**
 * Chapter mastery: the share of each chapter's questions (both parts) solved at full marks and of
 * its signs-trainer terms. Bars compare with what is due by now: a chapter
 * whose lessons are still ahead is grey «впереди», red only when she is behind.
 */
export function ChapterMasteryCard() {
  const stats = useChapterStatistics();
  return (
    <Card title={t.title} className="rating-mastery">
      <QueryState query={stats} errorText={(error) => t.error + liveErrorText(error)} empty={(data) => data.chaptersStatistics.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <div className="rating-mastery__body" data-testid="chapter-mastery">
            <PaceProgress label={t.planned} progress={data} scope={t.ofCourse} />
            <p className="muted rating-mastery__details">{fill(t.totalSolved, { label: t.total, percent: data.solvedPercent })}</p>
            <ul className="rating-mastery__list">
              {data.chaptersStatistics.map((chapter) => (
                <li key={chapter.chapterName} className="rating-mastery__item" data-pace={chapter.pace}>
                  <PaceProgress label={chapter.chapterName} progress={{ ...chapter, solvedPercent: chapter.chapterSolvedPercent }} scope={t.ofChapter} size="sm" />
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
