import { ru } from '../i18n/ru';
import { cx } from './class-names';

/** The Monday-first weekday row of a month grid; `cellClass` styles each cell (weekends get 'is-weekend'). */
export function WeekdayHeader({ cellClass }: { cellClass: string }) {
  const t = ru.calendar;
  return (
    <thead>
      <tr>
        {t.weekdaysShort.map((name, index) => (
          <th key={name} scope="col" abbr={t.weekdaysLong[index]} className={cx(cellClass, index >= 5 && 'is-weekend')}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
