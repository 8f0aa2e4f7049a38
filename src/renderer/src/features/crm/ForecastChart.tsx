import uPlot from 'uplot';
import { ruCrm } from '../../i18n/crm';
import { ErrorBox } from '../../ui';
import { useUplot } from '../../ui/use-uplot';

const t = ruCrm.group;
const HEIGHT = 240;

/** The group's forecasts as a histogram: students per band of 10 test points (uPlot bars); a hidden table for screen readers. */
export function ForecastChart({ bands }: { bands: readonly number[] }) {
  const { box, failed, retry } = useUplot(
    (width, theme) => ({
      options: {
        height: HEIGHT,
        scales: { x: { time: false, range: [-0.5, bands.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(2, Math.ceil(max))] } },
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        series: [
          { label: t.bandAxis, value: (_u, index) => (index === null ? '—' : t.band(Math.round(index))) },
          {
            label: t.countSeries,
            stroke: theme.accent,
            fill: theme.accent,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.8, 64] }),
            points: { show: false },
            value: (_u, value) => (value === null ? '—' : String(value)),
          },
        ],
        axes: [
          {
            ...theme.axis,
            splits: () => bands.map((_, index) => index),
            // On a phone «90–100» would overlap its neighbours: the axis names each band by its start.
            values: (_u, splits) => splits.map((index) => (width < 600 ? String(Math.round(index) * 10) : t.band(Math.round(index)))),
          },
          { ...theme.axis, size: 40, splits: (_u, _axis, _min, max) => Array.from({ length: Math.floor(max) + 1 }, (_, value) => value).filter((value) => max <= 10 || value % Math.ceil(max / 5) === 0) },
        ],
      },
      data: [bands.map((_, index) => index), [...bands]],
    }),
    bands.join(','),
  );

  if (failed) return <ErrorBox message={t.chartFailed} onRetry={retry} />;
  return (
    <>
      <div ref={box} className="crm-group__chart" data-testid="forecast-chart" aria-hidden="true" />
      <div className="visually-hidden">
        <table>
          <caption>{t.distribution}</caption>
          <tbody>
            {bands.map((count, band) => (
              <tr key={band}>
                <th scope="row">{t.band(band)}</th>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
