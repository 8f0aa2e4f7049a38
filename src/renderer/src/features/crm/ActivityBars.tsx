import type { StudentLearning } from '@shared/contract/learning';
import { isoDateToRu } from '@shared/domain/moscow-time';
import { ruCrm } from '../../i18n/crm';

const t = ruCrm.learning;

/** Seven small bars, one per day (today last), scaled to the busiest day; the numbers are in the label. */
export function ActivityBars({ days }: { days: StudentLearning['activity'] }) {
  const most = Math.max(1, ...days.map((day) => day.answers));
  const total = days.reduce((sum, day) => sum + day.answers, 0);
  const label = `${t.activity}: ${days.map((day) => t.activityDay(isoDateToRu(day.date).slice(0, 5), day.answers)).join('; ')}`;
  return (
    <span className="crm-activity" role="img" aria-label={label} title={label}>
      <span className="crm-activity__bars" aria-hidden="true">
        {days.map((day) => (
          <span key={day.date} className="crm-activity__bar" data-empty={day.answers === 0 ? '' : undefined} style={{ height: `${Math.max(8, (day.answers / most) * 100)}%` }} />
        ))}
      </span>
      <span className="crm-activity__total" aria-hidden="true">
        {t.activityTotal(total)}
      </span>
    </span>
  );
}
