import type { TerminalStatistics } from '@paygate/api';
import { Badge, TestBadge } from '@paygate/ui';
import {
  formatPercent,
  type SuccessLevel,
  type SuccessThresholds,
  successLevelOf,
} from './monitoring-settings.ts';

/** Words for the colour, so the level is not told by colour alone. */
export const SUCCESS_LEVEL_TEXT: Record<SuccessLevel, string> = {
  good: 'good',
  fair: 'fair',
  poor: 'poor',
  none: '',
};

export const SuccessPercent = ({
  row,
  thresholds,
}: {
  row: TerminalStatistics;
  thresholds: SuccessThresholds | null;
}) => {
  const level = successLevelOf(row.successPercent, row.totalCount, thresholds);
  return (
    <span className={`bo-monitoring__success bo-monitoring__success--${level}`}>
      {formatPercent(row.successPercent)}
      {level !== 'none' && (
        <span className="bo-visually-hidden"> ({SUCCESS_LEVEL_TEXT[level]})</span>
      )}
    </span>
  );
};

export interface TerminalStatisticsTableProps {
  rows: readonly TerminalStatistics[];
  thresholds: SuccessThresholds | null;
  caption: string;
}

/** SPEC §3 terminal statistics: counts and percents of new, successful, cancelled, declined. */
export const TerminalStatisticsTable = ({
  rows,
  thresholds,
  caption,
}: TerminalStatisticsTableProps) => (
  // Focusable and named, so keyboard users can scroll the table sideways on narrow screens.
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
  <section className="bo-monitoring__table-wrap" tabIndex={0} aria-label={caption}>
    <table className="bo-monitoring__table">
      <caption className="bo-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Terminal</th>
          <th scope="col">New</th>
          <th scope="col">Success</th>
          <th scope="col">Success %</th>
          <th scope="col">Cancel</th>
          <th scope="col">Cancel %</th>
          <th scope="col">Declined</th>
          <th scope="col">Declined %</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.terminalId}>
            <th scope="row">
              <span className="bo-monitoring__terminal">
                {row.terminalName}
                <span className="bo-monitoring__terminal-id">#{row.terminalId}</span>
                {row.isTest && <TestBadge />}
                {!row.enable && <Badge kind="neutral">Disabled</Badge>}
              </span>
            </th>
            <td>{row.newCount}</td>
            <td>{row.successCount}</td>
            <td>
              <SuccessPercent row={row} thresholds={thresholds} />
            </td>
            <td>{row.cancelCount}</td>
            <td>{formatPercent(row.cancelPercent)}</td>
            <td>{row.declinedCount}</td>
            <td>{formatPercent(row.declinedPercent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </section>
);
