import type { OutputOf } from '@shared/contract/core';
import type { getToday } from '@shared/contract/plan';
import { ruToday } from '../../i18n/today';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { Card } from '../../ui';

const t = ruToday;

type Today = OutputOf<typeof getToday>;

/** The streak, its best, the week's freeze and the raccoon whose mood follows them. */
export function StreakCard({ streak, mood }: { streak: Today['streak']; mood: Today['raccoonMood'] }) {
  return (
    <Card title={t.streak.title} className="today-streak" data-testid="today-streak">
      <div className="today-streak__row">
        <img className="today-streak__raccoon" src={serverAssetUrl(`/avatars_images/cub/${mood}.svg`)} alt="" width={88} height={88} />
        <div>
          <p className="today-streak__count" data-testid="streak-current">
            {t.streak.current(streak.current)}
          </p>
          <p className="muted" data-testid="raccoon-mood" data-mood={mood}>
            {t.raccoon[mood]}
          </p>
        </div>
      </div>
      <ul className="today-streak__facts">
        <li>{streak.todayCounted === '1' ? t.streak.todayCounted : t.streak.todayNeeds(streak.minimumMinutes)}</li>
        <li>{t.streak.best(streak.best)}</li>
        <li>{t.streak.freezes(streak.freezesLeft)}</li>
      </ul>
    </Card>
  );
}
