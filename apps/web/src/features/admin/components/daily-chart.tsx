import { useId } from 'react';
import { formatAmount } from '@/components/ui/price';
import { chartGeometry, SERIES, type DayFigures } from '../model/finance';
import styles from './finance.module.css';

const WIDTH = 560;
const HEIGHT = 300;
const PLOT = { left: 76, right: 20, top: 14, bottom: 34 };
const plotWidth = WIDTH - PLOT.left - PLOT.right;
const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;

interface DailyChartProps {
  days: readonly DayFigures[];
  totals: Omit<DayFigures, 'day'>;
  /** Where the same numbers are, for the chart's description (the table beside it). */
  tableId: string;
}

/**
 * Revenue, fees, top-ups and payouts per day as lines: one SVG image with a title and a
 * description that give the range and the totals, and the day-by-day numbers in the table it
 * points to. Each line has its own colour and dash pattern, named in the legend, so colour is
 * not the only way to tell them apart.
 */
export function DailyChart({ days, totals, tableId }: DailyChartProps) {
  const titleId = useId();
  const descId = useId();
  const g = chartGeometry(days, plotWidth, plotHeight);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const labelled = days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : days.map((_, i) => i);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className={styles.svg}>
        <title id={titleId}>{`Daily revenue, fees, top-ups and payouts in par, ${first} to ${last} (UTC)`}</title>
        <desc id={descId}>
          {`Totals: revenue ${formatAmount(totals.revenue)}, fees ${formatAmount(totals.fees)}, top-ups ${formatAmount(totals.topups)}, payouts ${formatAmount(totals.payouts)} par. Every day's figures are in the table “Daily figures”.`}
        </desc>
        <g transform={`translate(${PLOT.left} ${PLOT.top})`}>
          {g.ticks.map((t) => (
            <g key={t.value}>
              <line x1={0} x2={plotWidth} y1={t.y} y2={t.y} className={t.value === 0 ? styles.axis : styles.grid} />
              <text x={-8} y={t.y} className={styles.tick} textAnchor="end" dominantBaseline="middle">
                {formatAmount(t.value)}
              </text>
            </g>
          ))}
          {labelled.map((i) => (
            <text key={i} x={g.xs[i]} y={plotHeight + 24} className={styles.tick} textAnchor={i === 0 && days.length > 1 ? 'start' : i === days.length - 1 && days.length > 1 ? 'end' : 'middle'}>
              {days[i]!.day.slice(5)}
            </text>
          ))}
          {SERIES.map((s) => (
            <polyline key={s.key} points={g.lines[s.key]} className={`${styles.line} ${styles[s.className]}`} />
          ))}
        </g>
      </svg>
      <figcaption className={styles.legend}>
        {SERIES.map((s) => (
          <span key={s.key} className={styles.legendItem}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line x1="1" x2="27" y1="5" y2="5" className={`${styles.line} ${styles[s.className]}`} />
            </svg>
            {s.label}
          </span>
        ))}
        <a href={`#${tableId}`} className={styles.tableLink}>
          The numbers, day by day
        </a>
      </figcaption>
    </figure>
  );
}
