import type { PodcastAnalyticsDay } from '@km/contracts/media';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 260;
/** Lines that differ by more than colour (solid and dashed), each at least 3:1 on white (WCAG 1.4.11). */
export const SERIES = [
  { label: 'Plays', colour: '#4338ca', dash: undefined, swatch: 'border-solid' },
  { label: 'Downloads', colour: '#b45309', dash: [8, 5], swatch: 'border-dashed' },
] as const;

const axis: uPlot.Axis = {
  stroke: '#334155',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
  font: '12px system-ui, sans-serif',
};

/**
 * Plays and downloads per UTC day as a uPlot line chart (ADR 0071). The canvas is an image to assistive technology,
 * named and described by the caller's caption and summary; the numbers themselves are in the table beside it.
 */
export function DailyChart({ days, labelledBy, describedBy }: { days: readonly PodcastAnalyticsDay[]; labelledBy: string; describedBy: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      // Days are UTC days: the axis names them so, not shifted into the reader's time zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        { ...axis, space: 70 },
        {
          ...axis,
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000],
          values: (_u, ticks) => ticks.map((t) => t.toLocaleString('en-US')),
        },
      ],
      series: [
        {},
        ...SERIES.map((s) => ({
          label: s.label,
          stroke: s.colour,
          width: 2,
          dash: s.dash ? [...s.dash] : undefined,
          points: { show: days.length <= 31, size: 5 },
        })),
      ],
    };
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), days.map((d) => d.plays), days.map((d) => d.downloads)];
    const plot = new uPlot(options, data, element);
    const resized = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} className="w-full" style={{ minHeight: HEIGHT }} />;
}
