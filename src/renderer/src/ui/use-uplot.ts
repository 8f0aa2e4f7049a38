import { type RefObject, useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { createDebounce } from './debounce';
import { useTheme } from './theme';

/** Shell §9: charts follow their container's width, debounced. */
const RESIZE_DEBOUNCE_MS = 250;

/** The theme's chart colours, read from its CSS variables when a chart is built. */
export interface ChartTheme {
  accent: string;
  surface: string;
  /** Axis settings in the theme: muted text, border-coloured grid and ticks. */
  axis: uPlot.Axis;
}

export function chartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const border = read('--border', '#d5dfdd');
  return {
    accent: read('--accent', '#0f766e'),
    surface: read('--surface', '#fff'),
    axis: { stroke: read('--text-muted', '#55625f'), font: `12px ${read('--font-sans', 'sans-serif')}`, grid: { stroke: border, width: 1 }, ticks: { stroke: border, width: 1 } },
  };
}

/**
 * One uPlot chart in a box: built with the theme's colours (rebuilt when the theme or `dataKey`,
 * a text that changes with the data, changes), resized with its container, destroyed on unmount. `failed` is true when uPlot could not
 * draw (no canvas); `retry` tries again. Imported from its file, not from ui/index: uPlot stays
 * in the chunks of the screens that draw charts.
 */
export function useUplot(
  build: (width: number, theme: ChartTheme) => { options: Omit<uPlot.Options, 'width'>; data: uPlot.AlignedData },
  dataKey: string,
): { box: RefObject<HTMLDivElement | null>; failed: boolean; retry: () => void } {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { dark, scheme } = useTheme();
  const buildRef = useRef(build);
  buildRef.current = build;

  useEffect(() => {
    const element = box.current;
    if (!element || failed) return;
    const width = () => Math.max(element.clientWidth, 200);
    let chart: uPlot;
    try {
      const { options, data } = buildRef.current(width(), chartTheme());
      chart = new uPlot({ ...options, width: width() }, data, element);
    } catch {
      setFailed(true);
      return;
    }
    const resize = createDebounce(() => chart.setSize({ width: width(), height: chart.height }), RESIZE_DEBOUNCE_MS);
    const observer = new ResizeObserver(() => resize.call());
    observer.observe(element);
    return () => {
      resize.cancel();
      observer.disconnect();
      chart.destroy();
    };
    // The build function is read through its ref: the chart is rebuilt for new data, not a new closure.
  }, [dark, scheme, failed, dataKey]);

  return { box, failed, retry: () => setFailed(false) };
}
