import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ruSchoolStats } from '../../i18n/school-stats';
import { createDebounce, ErrorBox, useTheme } from '../../ui';

const t = ruSchoolStats.school;
const HEIGHT = 260;

/** 'YYYY-MM' → 'сен 2026'. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${t.months[Number(month) - 1] ?? month} ${year}`;
}

/** Retention by month from September (uPlot), in the theme's colours; a hidden table for screen readers. */
export function RetentionChart({ months, rates }: { months: string[]; rates: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { dark, scheme } = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element || failed) return;
    const style = getComputedStyle(document.documentElement);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const line = read('--accent', '#0f766e');
    const axis = { stroke: read('--text-muted', '#55625f'), font: `12px ${read('--font-sans', 'sans-serif')}`, grid: { stroke: read('--border', '#d5dfdd'), width: 1 }, ticks: { stroke: read('--border', '#d5dfdd'), width: 1 } };
    let chart: uPlot;
    try {
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          scales: { x: { time: false }, y: { range: [0, 100] } },
          cursor: { drag: { x: false, y: false } },
          legend: { show: true },
          series: [
            { label: t.month, value: (_u, index) => monthLabel(months[Math.round(index ?? months.length - 1)] ?? '') },
            {
              label: t.retentionSeries,
              stroke: line,
              width: 2,
              points: { show: true, size: 7, stroke: line, fill: read('--surface', '#fff') },
              // With no cursor on the chart the legend tells the last month.
              value: (u, value) => t.percent(value ?? Number(u.data[1]?.[u.data[1].length - 1] ?? 0)),
            },
          ],
          axes: [
            { ...axis, splits: () => months.map((_, index) => index), values: (_u, splits) => splits.map((index) => monthLabel(months[Math.round(index)] ?? '').split(' ')[0] ?? '') },
            { ...axis, size: 56, values: (_u, splits) => splits.map((value) => `${value} %`) },
          ],
        },
        [months.map((_, index) => index), rates.map((rate) => Math.round(rate * 1000) / 10)],
        element,
      );
    } catch {
      setFailed(true);
      return;
    }
    const resize = createDebounce(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }), 250);
    const observer = new ResizeObserver(() => resize.call());
    observer.observe(element);
    return () => {
      resize.cancel();
      observer.disconnect();
      chart.destroy();
    };
  }, [months, rates, dark, scheme, failed]);

  if (failed) return <ErrorBox message={t.chartFailed} onRetry={() => setFailed(false)} />;
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
