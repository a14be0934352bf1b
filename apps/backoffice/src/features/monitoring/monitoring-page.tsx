import { errorMessageOf, useGetTerminalStatisticSettingsQuery } from '@paygate/api';
import {
  canMonitorTerminals,
  DEFAULT_MONITORING_PERIOD,
  MONITORING_PERIODS,
  type MonitoringPeriodId,
} from '@paygate/domain';
import { Button, EmptyState, Select, Spinner, Tabs } from '@paygate/ui';
import { type ReactNode, useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { refreshSecondsOf, successThresholdsOf } from './monitoring-settings.ts';
import { TerminalStatisticsPanel } from './terminal-statistics-panel.tsx';
import { useMonitoredMerchants } from './use-monitored-merchants.ts';
import './monitoring.css';

export const NO_MONITORING_ACCESS = 'You do not have access to monitoring';
export const MERCHANTS_FAILED = 'Could not load the merchants';

const PERIOD_OPTIONS = MONITORING_PERIODS.map(({ id, label }) => ({ value: id, label }));

const isPeriodId = (value: string): value is MonitoringPeriodId =>
  MONITORING_PERIODS.some(({ id }) => id === value);

const MonitoringHeading = () => <h1 id="monitoring-title">Monitoring</h1>;

/** The screen of a person with both monitoring permissions. */
const MonitoringScreen = () => {
  const [period, setPeriod] = useState<MonitoringPeriodId>(DEFAULT_MONITORING_PERIOD);
  const settings = useGetTerminalStatisticSettingsQuery();
  const refreshSeconds = refreshSecondsOf(settings.data);
  const thresholds = successThresholdsOf(settings.data);
  const { merchants, isLoading, error, retry } = useMonitoredMerchants();
  // The merchant chosen in the header opens first; any tab may be chosen here.
  const { merchantId: chosenMerchantId } = useMerchantScope();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active =
    merchants.find((merchant) => merchant.key === activeKey) ??
    merchants.find((merchant) => merchant.merchantId === chosenMerchantId) ??
    merchants[0];

  let body: ReactNode;
  if (isLoading) {
    body = <Spinner label="Loading merchants" />;
  } else if (error) {
    body = (
      <div role="alert" className="bo-monitoring__error">
        {MERCHANTS_FAILED}: {errorMessageOf(error)}{' '}
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  } else if (!active) {
    body = <EmptyState text="No merchants" />;
  } else {
    body = (
      <Tabs
        label="Merchants"
        items={merchants.map((merchant) => ({ key: merchant.key, label: merchant.name }))}
        selectedKey={active.key}
        onSelect={setActiveKey}
        renderPanel={() => (
          <TerminalStatisticsPanel
            // A new merchant or period starts from its own figures, never the previous ones.
            key={`${active.key}:${period}`}
            merchantName={active.name}
            merchantId={active.merchantId}
            period={period}
            refreshSeconds={refreshSeconds}
            thresholds={thresholds}
          />
        )}
      />
    );
  }

  return (
    <section aria-labelledby="monitoring-title" className="bo-monitoring">
      <MonitoringHeading />
      <div className="bo-monitoring__toolbar">
        <Select
          label="Period"
          options={PERIOD_OPTIONS}
          value={period}
          onChange={(value) => {
            if (isPeriodId(value)) setPeriod(value);
          }}
        />
      </div>
      {body}
    </section>
  );
};

/**
 * SPEC §2 Monitoring: a period select and one tab per merchant with its terminal statistics. Both
 * monitoring permissions are needed (SPEC §6); without them the screen says so and makes no call.
 */
export const MonitoringPage = () => {
  const person = useCurrentPerson();
  if (!canMonitorTerminals(person)) {
    return (
      <section aria-labelledby="monitoring-title" className="bo-monitoring">
        <MonitoringHeading />
        <EmptyState text={NO_MONITORING_ACCESS} />
      </section>
    );
  }
  return <MonitoringScreen />;
};
