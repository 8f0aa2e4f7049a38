import { ruRating } from '../../i18n/rating';
import { liveErrorText } from '../../lib/live-request';
import { Card, cx, fill, QueryState } from '../../ui';
import { useStudyRating } from './use-mastery';

const t = ruRating.studyRating;

/** The mastery rating as a grid of 1, 2 or 3 columns (600 and 992 px); the caller is highlighted. */
export function StudyRatingCard() {
  const rating = useStudyRating();
  return (
    <Card title={t.title} className="rating-study">
      <QueryState query={rating} errorText={(error) => t.error + liveErrorText(error)} empty={(data) => data.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <ol className="study-rating" data-testid="study-rating">
            {data.map((user) => (
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
                {/* Not coloured: a share of the whole course says nothing about being behind; the chapter card above judges that. */}
                <span className="study-rating__value">
                  {fill(t.solved, { percent: user.solvedPercent })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </Card>
  );
}
