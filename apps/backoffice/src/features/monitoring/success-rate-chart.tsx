import type { TerminalStatistics } from '@paygate/api';
import { useId } from 'react';
import { formatPercent, type SuccessThresholds, successLevelOf } from './monitoring-settings.ts';

const ROW_HEIGHT = 24;
const BAR_HEIGHT = 14;
const PADDING = 6;
const LABEL_WIDTH = 180;
const BAR_WIDTH = 320;
const VALUE_WIDTH = 110;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH;
const LABEL_MAX_CHARS = 24;

const shorten = (text: string) =>
  text.length > LABEL_MAX_CHARS ? `${text.slice(0, LABEL_MAX_CHARS - 1)}…` : text;

const barX = (percent: number) =>
  LABEL_WIDTH + (Math.min(Math.max(percent, 0), 100) / 100) * BAR_WIDTH;

const rateText = (row: TerminalStatistics) =>
  row.totalCount === 0 ? 'no invoices' : formatPercent(row.successPercent);

/** The chart's text alternative: every terminal with its success rate. */
export const chartDescription = (rows: readonly TerminalStatistics[]): string =>
  `Success rate per terminal: ${rows
    .map((row) => `${row.terminalName} (#${row.terminalId}) ${rateText(row)}`)
    .join(', ')}`;

export interface SuccessRateChartProps {
  rows: readonly TerminalStatistics[];
  thresholds: SuccessThresholds | null;
}

/**
 * A small horizontal bar chart of the success percent per terminal, in plain SVG. The picture is
 * one image to assistive technology, named by the full list of rates (the table below holds the
 * same figures). Colours follow the server's thresholds; the dashed lines mark them.
 */
export const SuccessRateChart = ({ rows, thresholds }: SuccessRateChartProps) => {
  const captionId = useId();
  const height = rows.length * ROW_HEIGHT + PADDING * 2;
  return (
    <figure className="bo-monitoring__chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>Success rate per terminal</figcaption>
      <svg
        role="img"
        aria-label={chartDescription(rows)}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
        focusable="false"
      >
        {rows.map((row, index) => {
          const y = PADDING + index * ROW_HEIGHT;
          const barY = y + (ROW_HEIGHT - BAR_HEIGHT) / 2;
          const level = successLevelOf(row.successPercent, row.totalCount, thresholds);
          return (
            <g key={row.terminalId}>
              <title>{`${row.terminalName} (#${row.terminalId}): ${rateText(row)}`}</title>
              <text
                x={LABEL_WIDTH - 8}
                y={y + ROW_HEIGHT / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="bo-monitoring__chart-label"
              >
                {shorten(row.terminalName)}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={barY}
                width={BAR_WIDTH}
                height={BAR_HEIGHT}
                className="bo-monitoring__chart-track"
              />
              <rect
                x={LABEL_WIDTH}
                y={barY}
                width={barX(row.successPercent) - LABEL_WIDTH}
                height={BAR_HEIGHT}
                className={`bo-monitoring__chart-bar bo-monitoring__chart-bar--${level}`}
              />
              <text
                x={LABEL_WIDTH + BAR_WIDTH + 8}
                y={y + ROW_HEIGHT / 2}
                dominantBaseline="middle"
                className="bo-monitoring__chart-value"
              >
                {rateText(row)}
              </text>
            </g>
          );
        })}
        {thresholds &&
          (['warning', 'good'] as const).map((kind) => (
            <line
              key={kind}
              x1={barX(thresholds[kind])}
              x2={barX(thresholds[kind])}
              y1={PADDING / 2}
              y2={height - PADDING / 2}
              className="bo-monitoring__chart-threshold"
            />
          ))}
      </svg>
      {thresholds && (
        <p className="bo-monitoring__legend">
          <span className="bo-monitoring__swatch bo-monitoring__swatch--good" aria-hidden="true" />
          good at or above {thresholds.good}%
          <span className="bo-monitoring__swatch bo-monitoring__swatch--fair" aria-hidden="true" />
          fair at or above {thresholds.warning}%
          <span className="bo-monitoring__swatch bo-monitoring__swatch--poor" aria-hidden="true" />
          poor below; dashed lines mark the thresholds
        </p>
      )}
    </figure>
  );
};
