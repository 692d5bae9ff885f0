/**
 * One chart of the overview: a chart.js canvas named for assistive technology (`role="img"`, its
 * name and a one-sentence summary), with the same figures as a table under "Show as a table" for
 * anyone who prefers numbers. The chart is made after mount, redrawn in the new colours when the
 * colour scheme changes, and destroyed on unmount.
 */
import { useEffect, useRef } from 'react';
import { TableFrame } from '../../shell/table-frame.js';
import { Chart } from './chart-setup.js';
import { type ChartColors, useChartColors } from './theme-colors.js';

/** Props of `MetricChart`. */
export interface MetricChartProps {
  /** `line` for a series over days, `bar` for counts per kind. */
  type: 'line' | 'bar';
  /** The chart's name, e.g. "Daily sign-ups". */
  name: string;
  /** What it shows, in a sentence (read after the name). */
  summary: string;
  /** One label per value (days, methods). */
  labels: readonly string[];
  values: readonly number[];
  /** The table's column headings: what a label is, what a value is. */
  columns: [string, string];
  /** Bars run across (for long labels such as sign-in methods). */
  horizontal?: boolean;
}

/**
 * `color` at `alpha` for the area under a line; chart.js parses colours itself, so a theme colour
 * that is not hex falls back to `otherwise`.
 */
export function translucent(color: string, alpha: number, otherwise: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return otherwise;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function chartConfig(
  { type, name, labels, values, horizontal }: MetricChartProps,
  colors: ChartColors,
): ConstructorParameters<typeof Chart>[1] {
  const valueAxis = {
    beginAtZero: true,
    ticks: { color: colors.muted, precision: 0 },
    grid: { color: colors.border },
    border: { color: colors.border },
  };
  const labelAxis = {
    ticks: { color: colors.muted, maxRotation: 0, autoSkipPadding: 12 },
    grid: { display: false },
    border: { color: colors.border },
  };
  return {
    type,
    data: {
      labels: [...labels],
      datasets: [
        {
          label: name,
          data: [...values],
          borderColor: colors.primary,
          backgroundColor:
            type === 'line' ? translucent(colors.primary, 0.18, colors.border) : colors.primary,
          fill: type === 'line',
          tension: 0.25,
          pointRadius: 2,
          borderWidth: 2,
          maxBarThickness: 28,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : { duration: 400 },
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      plugins: {
        tooltip: {
          backgroundColor: colors.fg,
          titleColor: colors.surface,
          bodyColor: colors.surface,
          displayColors: false,
        },
      },
    },
  };
}

/** A chart with its accessible name and its figures as a table. */
export function MetricChart(props: MetricChartProps) {
  const { name, summary, labels, values, columns, horizontal } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const colors = useChartColors();
  const propsRef = useRef(props);
  propsRef.current = props;
  const dataKey = JSON.stringify([props.type, labels, values, horizontal]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the figures are compared by value (dataKey).
  useEffect(() => {
    const canvas = canvasRef.current;
    // Without a 2D context (an old browser, a test DOM) the summary and the table still tell all.
    if (!canvas?.getContext('2d')) return;
    const chart = new Chart(canvas, chartConfig(propsRef.current, colors));
    return () => chart.destroy();
  }, [dataKey, colors]);
  const height = horizontal ? Math.max(120, labels.length * 40 + 40) : 240;
  return (
    <figure className="console-overview-figure">
      <div className="console-overview-canvas" style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={`${name}. ${summary}`}>
          {summary}
        </canvas>
      </div>
      <figcaption className="console-muted console-overview-summary">{summary}</figcaption>
      <details className="console-overview-details">
        <summary>Show as a table</summary>
        <TableFrame caption={name} columns={columns}>
          {labels.map((label, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the position is the row.
            <tr key={i}>
              <th scope="row">{label}</th>
              <td>{(values[i] ?? 0).toLocaleString()}</td>
            </tr>
          ))}
        </TableFrame>
      </details>
    </figure>
  );
}
