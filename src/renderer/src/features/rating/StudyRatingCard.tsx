import { ruRating } from '../../i18n/rating';
import { liveErrorText } from '../../lib/live-request';
import { bandTextColor, Card, cx, EmptyState, ErrorBox, fill, Loader, percentBand } from '../../ui';
import { useStudyRating } from './use-mastery';

const t = ruRating.studyRating;

/** The mastery rating as a grid of 1, 2 or 3 columns (600 and 992 px); the caller is highlighted. */
export function StudyRatingCard() {
  const rating = useStudyRating();
  return (
    <Card title={t.title} className="rating-study">
      {rating.isPending ? (
        <Loader />
      ) : rating.isError ? (
        <ErrorBox message={t.error + liveErrorText(rating.error)} onRetry={() => void rating.refetch()} />
      ) : rating.data.length === 0 ? (
        <EmptyState text={t.empty} compact />
      ) : (
        <ol className="study-rating" data-testid="study-rating">
          {rating.data.map((user) => (
            <li key={user.userId} className={cx('study-rating__item', user.itsMe === '1' && 'study-rating__item--me')}>
              <span className="study-rating__place">{user.place}</span>
              <span className="study-rating__name">
                {user.userSurname} {user.userName}
                {user.itsMe === '1' && <span className="study-rating__me"> · {t.me}</span>}
                {user.tgNickname && (
                  <a className="study-rating__tg" href={`https://t.me/${encodeURIComponent(user.tgNickname)}`} target="_blank" rel="noreferrer noopener">
                    @{user.tgNickname}
                  </a>
                )}
              </span>
              <span className="study-rating__value" style={{ color: bandTextColor(percentBand(user.solvedPercent)) }}>
                {fill(t.solved, { percent: user.solvedPercent })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
