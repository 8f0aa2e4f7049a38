import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RatingGrouping, RatingStatisticPoint } from '@shared/contract/rating';
import { isoDateToRu, MOSCOW_TZ, moscowDayStart } from '@shared/domain/moscow-time';
import { ruRating } from '../../i18n/rating';
import { createDebounce, ErrorBox, fill, useTheme } from '../../ui';
import { formatValue } from './rating-format';

const t = ruRating.chart;
const HEIGHT = 260;
const NARROW_HEIGHT = 220;
/** Shell §9: resize debounce. */
const RESIZE_DEBOUNCE_MS = 250;

interface ChartColors {
  line: string;
  fill: string;
  text: string;
  grid: string;
  surface: string;
  font: string;
}

/** The theme's colours, read from its CSS variables when the chart is built. */
function themeColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const line = read('--accent', '#0f766e');
  return {
    line,
    fill: withAlpha(line, 0.14),
    text: read('--text-muted', '#55625f'),
    grid: read('--border', '#d5dfdd'),
    surface: read('--surface', '#ffffff'),
    font: read('--font-sans', 'sans-serif'),
  };
}

/** '#rrggbb' with an alpha for the area under the line; other colour forms get no fill. */
function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return 'transparent';
  const [r, g, b] = match.slice(1).map((hex) => parseInt(hex, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW_TZ, day: '2-digit', month: '2-digit' });
const fullDay = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });

function lastOf(values: ArrayLike<number | null | undefined> | undefined): number | null {
  return values && values.length > 0 ? (values[values.length - 1] ?? null) : null;
}

const chartHeight = (width: number) => (width < 480 ? NARROW_HEIGHT : HEIGHT);

function buildOptions(width: number, grouping: RatingGrouping, colors: ChartColors, pointCount: number): uPlot.Options {
  const axisFont = `12px ${colors.font}`;
  const axis = {
    stroke: colors.text,
    font: axisFont,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
  };
  return {
    width,
    height: chartHeight(width),
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), MOSCOW_TZ),
    scales: { x: { time: true } },
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
    series: [
      {
        label: grouping === 'week' ? t.byWeek : t.byDay,
        value: (u, ts) => {
          // With no cursor on the chart the legend tells the last point, not a dash.
          const at = ts ?? lastOf(u.data[0]);
          if (at == null) return '—';
          const day = fullDay.format(at * 1000);
          return grouping === 'week' ? fill(t.weekOf, { date: day }) : day;
        },
      },
      {
        label: t.series,
        stroke: colors.line,
        fill: colors.fill,
        width: 2,
        points: { show: pointCount <= width / 10, size: 6, fill: colors.surface, stroke: colors.line },
        value: (u, value) => {
          const shown = value ?? lastOf(u.data[1]);
          return shown == null ? '—' : formatValue(shown.toFixed(1));
        },
      },
    ],
    axes: [
      { ...axis, values: (_u, splits) => splits.map((ts) => dayMonth.format(ts * 1000)) },
      { ...axis, size: 56, values: (_u, splits) => splits.map((value) => formatValue(String(value))) },
    ],
  };
}

export interface RatingChartProps {
  points: readonly RatingStatisticPoint[];
  grouping: RatingGrouping;
}

/**
 * The rating line (uPlot on a canvas). It takes the theme's colours and is rebuilt when the
 * theme changes; it follows its container's width (debounced 250 ms). A hidden table gives
 * screen readers the same numbers.
 */
export function RatingChart({ points, grouping }: RatingChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { dark, scheme } = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element || failed) return;
    const data: uPlot.AlignedData = [
      points.map((point) => moscowDayStart(point.date) / 1000),
      points.map((point) => Number(point.value)),
    ];
    let chart: uPlot;
    try {
      const width = Math.max(element.clientWidth, 200);
      chart = new uPlot(buildOptions(width, grouping, themeColors(), points.length), data, element);
    } catch {
      setFailed(true);
      return;
    }
    const resize = createDebounce(() => {
      const width = Math.max(element.clientWidth, 200);
      chart.setSize({ width, height: chartHeight(width) });
    }, RESIZE_DEBOUNCE_MS);
    const observer = new ResizeObserver(() => resize.call());
    observer.observe(element);
    return () => {
      resize.cancel();
      observer.disconnect();
      chart.destroy();
    };
  }, [points, grouping, dark, scheme, failed, attempt]);

  if (failed) {
    return (
      <ErrorBox
        message={t.failed}
        onRetry={() => {
          setFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }

  return (
    <>
      <div ref={box} className="rating-chart" data-testid="rating-chart" aria-hidden="true" />
      {/* A table ignores height and overflow, so a wrapper is what hides it. */}
      <div className="visually-hidden">
        <table>
          <caption>{t.title}</caption>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{grouping === 'week' ? fill(t.weekOf, { date: isoDateToRu(point.date) }) : isoDateToRu(point.date)}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
