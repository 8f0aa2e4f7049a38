import { Link } from 'react-router';
import type { PlanItem } from '@shared/contract/plan';
import { ruToday } from '../../i18n/today';
import { cx } from '../../ui';

const t = ruToday;

/** The day's items in the plan's order: what, why, how long; each opens its work. Ticks come from the server. */
export function PlanList({ items }: { items: readonly PlanItem[] }) {
  return (
    <ol className="today-plan" data-testid="today-plan">
      {items.map((item) => {
        const done = item.done === '1';
        return (
          <li key={item.id} className={cx('today-item', done && 'today-item--done')} data-testid="today-item" data-done={item.done} data-kind={item.kind}>
            <span className="today-item__mark" aria-hidden="true">
              {done ? '✓' : ''}
            </span>
            <Link to={item.link} className="today-item__body">
              <span className="today-item__kind">{t.kinds[item.kind]}</span>
              <span className="today-item__title">{item.title}</span>
              <span className="today-item__why">{item.why}</span>
              <span className="visually-hidden">{done ? t.done : t.notDone}</span>
            </Link>
            <span className="today-item__minutes">{t.minutes(item.minutes)}</span>
          </li>
        );
      })}
    </ol>
  );
}
