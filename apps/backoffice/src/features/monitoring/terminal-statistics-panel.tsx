import { errorMessageOf, useGetTerminalStatisticsQuery } from '@paygate/api';
import { formatUtcClock, type MonitoringPeriodId, monitoringPeriodMinutes } from '@paygate/domain';
import { Button, EmptyState, Spinner } from '@paygate/ui';
import { useEffect, useState } from 'react';
import { periodLabelOf, type SuccessThresholds } from './monitoring-settings.ts';
import { SuccessRateChart } from './success-rate-chart.tsx';
import { TerminalStatisticsTable } from './terminal-statistics-table.tsx';

export const NO_TERMINALS = 'No terminals';
export const STATISTICS_FAILED = 'Could not load the terminal statistics';

export interface TerminalStatisticsPanelProps {
  merchantName: string;
  /** undefined: the person's own merchant, scoped by the server. */
  merchantId: number | undefined;
  period: MonitoringPeriodId;
  refreshSeconds: number;
  thresholds: SuccessThresholds | null;
}

/**
 * The minutes of the period, recomputed at every refresh: "from day start" grows by a minute a
 * minute. Fixed periods never change, so RTK Query's polling alone refreshes them; for "from day
 * start" a clock of the same interval moves the minutes on, and the new argument is fetched at
 * once (the polling of the old one stops).
 */
const usePeriodMinutes = (period: MonitoringPeriodId, intervalMs: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (period !== 'dayStart') return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [period, intervalMs]);
  const minutes = monitoringPeriodMinutes(period, now);
  /** A manual refresh: true when the minutes moved on (and the new argument loads itself). */
  const advance = () => {
    const fresh = Date.now();
    if (monitoringPeriodMinutes(period, fresh) === minutes) return false;
    setNow(fresh);
    return true;
  };
  return { minutes, advance };
};

/** One merchant's tab: refresh bar, success-rate chart and the statistics table. */
export const TerminalStatisticsPanel = ({
  merchantName,
  merchantId,
  period,
  refreshSeconds,
  thresholds,
}: TerminalStatisticsPanelProps) => {
  const intervalMs = refreshSeconds * 1000;
  const { minutes, advance } = usePeriodMinutes(period, intervalMs);
  const { data, error, isError, isFetching, fulfilledTimeStamp, refetch } =
    useGetTerminalStatisticsQuery(
      merchantId === undefined ? { minutes } : { minutes, merchantId },
      {
        pollingInterval: intervalMs,
      },
    );
  const refresh = () => {
    if (!advance()) void refetch();
  };

  const toolbar = (
    <div className="bo-monitoring__status">
      <span>
        {fulfilledTimeStamp !== undefined && data && (
          <>
            Updated{' '}
            <time dateTime={new Date(fulfilledTimeStamp).toISOString()}>
              {formatUtcClock(fulfilledTimeStamp)}
            </time>{' '}
            UTC
          </>
        )}
      </span>
      <span className="bo-monitoring__interval">Refreshes every {refreshSeconds} s</span>
      <Button variant="secondary" busy={isFetching} onClick={refresh}>
        Refresh
      </Button>
    </div>
  );

  if (!data) {
    return (
      <div className="bo-monitoring__content">
        {toolbar}
        {isError ? (
          <div role="alert" className="bo-monitoring__error">
            {STATISTICS_FAILED}: {errorMessageOf(error)}
          </div>
        ) : (
          <Spinner label="Loading terminal statistics" />
        )}
      </div>
    );
  }

  return (
    <div className="bo-monitoring__content">
      {toolbar}
      {isError && (
        <div role="alert" className="bo-monitoring__error">
          {STATISTICS_FAILED}: {errorMessageOf(error)}. The figures below are from the last
          successful refresh.
        </div>
      )}
      {data.length === 0 ? (
        <EmptyState text={NO_TERMINALS} />
      ) : (
        <>
          <SuccessRateChart rows={data} thresholds={thresholds} />
          <TerminalStatisticsTable
            rows={data}
            thresholds={thresholds}
            caption={`Terminal statistics of ${merchantName}, ${periodLabelOf(period)}`}
          />
        </>
      )}
    </div>
  );
};
