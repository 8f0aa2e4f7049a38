import { ruSchoolStats } from '../../i18n/school-stats';
import { ErrorBox } from '../../ui';
import { useUplot } from '../../ui/use-uplot';

const t = ruSchoolStats.school;
const HEIGHT = 260;

/** 'YYYY-MM' → 'сен 2026'. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${t.months[Number(month) - 1] ?? month} ${year}`;
}

/** Retention by month from September (uPlot), in the theme's colours; a hidden table for screen readers. */
export function RetentionChart({ months, rates }: { months: string[]; rates: number[] }) {
  const { box, failed, retry } = useUplot(
    (_width, theme) => ({
      options: {
        height: HEIGHT,
        scales: { x: { time: false }, y: { range: [0, 100] } },
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        series: [
          { label: t.month, value: (_u, index) => monthLabel(months[Math.round(index ?? months.length - 1)] ?? '') },
          {
            label: t.retentionSeries,
            stroke: theme.accent,
            width: 2,
            points: { show: true, size: 7, stroke: theme.accent, fill: theme.surface },
            // With no cursor on the chart the legend tells the last month.
            value: (u, value) => t.percent(value ?? Number(u.data[1]?.[u.data[1].length - 1] ?? 0)),
          },
        ],
        axes: [
          { ...theme.axis, splits: () => months.map((_, index) => index), values: (_u, splits) => splits.map((index) => monthLabel(months[Math.round(index)] ?? '').split(' ')[0] ?? '') },
          { ...theme.axis, size: 56, values: (_u, splits) => splits.map((value) => `${value} %`) },
        ],
      },
      data: [months.map((_, index) => index), rates.map((rate) => Math.round(rate * 1000) / 10)],
    }),
    `${months.join(',')}|${rates.join(',')}`,
  );

  if (failed) return <ErrorBox message={t.chartFailed} onRetry={retry} />;
  return (
    <>
      <div ref={box} className="school-stats__chart" data-testid="retention-chart" aria-hidden="true" />
      <div className="visually-hidden">
        <table>
          <caption>{t.retention}</caption>
          <tbody>
            {months.map((month, index) => (
              <tr key={month}>
                <th scope="row">{monthLabel(month)}</th>
                <td>{t.percent((rates[index] ?? 0) * 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
