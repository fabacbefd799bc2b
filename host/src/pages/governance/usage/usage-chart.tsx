import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useResolvedTheme } from '../../../theme/use-resolved-theme';

// Only what the bar charts use: chart.js is tree-shaken to these (and comes with this tab's chunk only).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface UsageChartProps {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** Days run along the bottom; features, models and groups are bars across (their names stay readable on a phone). */
  orientation: 'vertical' | 'horizontal';
  format: (value: number) => string;
  /** What the chart shows in words: the picture's text alternative. */
  summary: string;
  /** The figures as a table, for screen readers and for anyone who wants the numbers. */
  table: ReactNode;
  tableLabel: string;
}

/** A colour of the design system's theme, as chart.js (drawing on a canvas) needs it spelled out. */
function themeColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * One bar chart with its figure caption, a text alternative on the picture and the same figures
 * as a table under "show as table". The canvas follows its box's size (a phone's width too).
 */
export function UsageChart({ title, labels, values, orientation, format, summary, table, tableLabel }: UsageChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<'bar'> | null>(null);
  const captionId = useId();
  // The latest formatter for the axis and the tooltips without building the chart anew.
  const formatRef = useRef(format);
  formatRef.current = format;
  // The colours are read when the chart is built: a theme switch builds it anew.
  const theme = useResolvedTheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    // Without a canvas context (a test's jsdom) there is no picture; the table still has the figures.
    if (!canvas?.getContext('2d')) return;
    const primary = themeColor(canvas, '--ui-color-primary', '#1a5fb4');
    const muted = themeColor(canvas, '--ui-color-muted', '#5e5c64');
    const divider = themeColor(canvas, '--ui-color-divider', '#deddda');
    // The page's typeface on the axes too (chart.js draws with its own default otherwise).
    const font = { family: getComputedStyle(canvas).fontFamily };
    const categoryScale = { ticks: { color: muted, font, autoSkip: orientation === 'vertical' }, grid: { display: false } };
    const valueScale = {
      beginAtZero: true,
      ticks: { color: muted, font, callback: (value: string | number) => formatRef.current(Number(value)) },
      grid: { color: divider },
    };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels: [], datasets: [{ data: [], backgroundColor: primary, borderRadius: 3, maxBarThickness: 28 }] },
      options: {
        indexAxis: orientation === 'vertical' ? 'x' : 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: orientation === 'vertical' ? { x: categoryScale, y: valueScale } : { x: valueScale, y: categoryScale },
        plugins: {
          tooltip: { callbacks: { label: (item) => formatRef.current(Number(item.raw)) } },
        },
      },
    });
    chartRef.current = chart;
    return () => {
      chart.destroy();
      chartRef.current = null;
    };
  }, [orientation, theme]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.data.labels = [...labels];
    chart.data.datasets[0]!.data = [...values];
    chart.update();
  }, [labels, values, orientation, theme]);

  // Bars across need room per bar; days share a fixed height.
  const height = orientation === 'vertical' ? undefined : `${Math.max(6, labels.length * 2 + 3)}rem`;
  return (
    <figure className="admin-usage-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="admin-usage-chart__title">
        {title}
      </figcaption>
      <div className={`admin-usage-chart__canvas admin-usage-chart__canvas--${orientation}`} style={height ? { height } : undefined}>
        <canvas ref={canvasRef} role="img" aria-label={summary}>
          {summary}
        </canvas>
      </div>
      <details className="admin-usage-chart__details">
        <summary>{tableLabel}</summary>
        {table}
      </details>
    </figure>
  );
}
