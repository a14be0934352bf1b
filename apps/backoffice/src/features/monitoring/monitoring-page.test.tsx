import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { MonitoringPage } from './monitoring-page.tsx';

const MONITORING = ['terminal.statistic.settings', 'data.terminal.statistic'];

const SETTINGS = {
  refreshIntervalSeconds: 60,
  fallbackRefreshIntervalSeconds: 20,
  periods: [
    { id: 'dayStart', label: 'From day start', minutes: null },
    { id: 'oneHour', label: '1 h', minutes: 60 },
    { id: 'threeHours', label: '3 h', minutes: 180 },
  ],
  defaultPeriod: 'oneHour',
  maxMinutes: 10_080,
  successPercentThresholds: { good: 80, warning: 50 },
};

const statistic = (overrides: Record<string, unknown>) => ({
  terminalId: 11,
  terminalName: 'UZS deposits',
  merchantId: 1,
  isTest: false,
  enable: true,
  totalCount: 0,
  newCount: 0,
  successCount: 0,
  successPercent: 0,
  cancelCount: 0,
  cancelPercent: 0,
  declinedCount: 0,
  declinedPercent: 0,
  ...overrides,
});

const UZS_DEPOSITS = statistic({
  terminalId: 11,
  terminalName: 'UZS deposits',
  totalCount: 6,
  newCount: 1,
  successCount: 4,
  successPercent: 66.67,
  cancelCount: 1,
  cancelPercent: 16.67,
  declinedCount: 0,
  declinedPercent: 0,
});
const RUB_SBP = statistic({
  terminalId: 12,
  terminalName: 'RUB SBP',
  isTest: true,
  totalCount: 10,
  successCount: 9,
  successPercent: 90,
  declinedCount: 1,
  declinedPercent: 10,
});
const KGS_IDLE = statistic({ terminalId: 21, terminalName: 'KGS idle', merchantId: 2 });

const MERCHANTS = {
  items: [
    { id: 1, name: 'Silk Road Shop', clientPublicKey: 'pk1', terminals: [] },
    { id: 2, name: 'Bishkek Books', clientPublicKey: 'pk2', terminals: [] },
  ],
  page: 0,
  size: 50,
  total: 2,
};

/** Statistics by merchantId, as the server scopes them. */
const statisticsAnswer = (_request: Request, url: URL) => {
  const merchantId = url.searchParams.get('merchantId');
  const rows = [UZS_DEPOSITS, RUB_SBP, KGS_IDLE].filter(
    (row) => merchantId === null || String(row.merchantId) === merchantId,
  );
  return { body: { data: rows } };
};

const renderMonitoring = (
  permissions: string[],
  { settings = SETTINGS as unknown, person = {} as Record<string, unknown> } = {},
) => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, person) } },
    'GET /api/v1/merchant': { body: { data: MERCHANTS } },
    'GET /api/v1/merchant/me': { body: { data: MERCHANTS.items[0] } },
    'GET /api/v1/terminal/statistic': { body: { data: settings } },
    'GET /api/data/v1/terminal': statisticsAnswer,
  });
  renderScreen('/monitoring', { path: '/monitoring', element: <MonitoringPage /> });
  return api;
};

const statisticCalls = (api: { calls: string[] }) =>
  api.calls.filter((call) => call.startsWith('GET /api/data/v1/terminal'));

const useClock = (iso: string) => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('monitoring access', () => {
  it.each([
    [[]],
    [['terminal.statistic.settings']],
    [['data.terminal.statistic', 'merchant.rw.all']],
  ])(
    'needs both monitoring permissions, and asks nothing without them (%j)',
    async (permissions) => {
      const api = renderMonitoring(permissions);
      expect(await screen.findByText('You do not have access to monitoring')).toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(api.calls.filter((call) => /terminal\/statistic|api\/data\//.test(call))).toEqual([]);
    },
  );
});

describe('monitoring', () => {
  it('shows one tab per merchant for merchant.rw.all, each with its own statistics', async () => {
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Silk Road Shop', 'Bishkek Books']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Silk Road Shop' });
    expect(await within(panel).findByRole('rowheader', { name: /UZS deposits/ })).toBeVisible();
    expect(statisticCalls(api)).toEqual(['GET /api/data/v1/terminal?minutes=60&merchantId=1']);

    await userEvent.click(screen.getByRole('tab', { name: 'Bishkek Books' }));
    const second = screen.getByRole('tabpanel', { name: 'Bishkek Books' });
    expect(await within(second).findByRole('rowheader', { name: /KGS idle/ })).toBeVisible();
    expect(within(second).queryByText('UZS deposits')).not.toBeInTheDocument();
    expect(statisticCalls(api)).toContain('GET /api/data/v1/terminal?minutes=60&merchantId=2');
  });

  it('moves between tabs with the arrow keys', async () => {
    renderMonitoring([...MONITORING, 'merchant.rw.all']);
    const [first] = await screen.findAllByRole('tab');
    first?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bishkek Books' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Bishkek Books' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("shows only the person's own merchant without merchant.rw.all", async () => {
    const api = renderMonitoring([...MONITORING, 'merchant.read'], { person: { merchantId: 1 } });
    expect(await screen.findByRole('tab', { name: 'Silk Road Shop' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    expect(api.calls).not.toContain('GET /api/v1/merchant?page=0&size=50');
    // The server scopes a merchant user to their own merchant: no merchantId is sent.
    expect(statisticCalls(api)).toEqual(['GET /api/data/v1/terminal?minutes=60']);
  });

  it('shows the counts and percents of every terminal, success coloured by the thresholds', async () => {
    renderMonitoring([...MONITORING, 'merchant.rw.all']);
    const table = await screen.findByRole('table', {
      name: /Terminal statistics of Silk Road Shop/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Terminal',
      'New',
      'Success',
      'Success %',
      'Cancel',
      'Cancel %',
      'Declined',
      'Declined %',
    ]);
    const uzs = within(table)
      .getByRole('rowheader', { name: /UZS deposits/ })
      .closest('tr');
    if (!uzs) throw new Error('no row');
    expect(
      within(uzs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '4', '66.67% (fair)', '1', '16.67%', '0', '0%']);
    expect(within(uzs).getByText('66.67%')).toHaveClass('bo-monitoring__success--fair');
    const rub = within(table)
      .getByRole('rowheader', { name: /RUB SBP/ })
      .closest('tr');
    if (!rub) throw new Error('no row');
    expect(within(rub).getByText('Test')).toBeInTheDocument();
    expect(within(rub).getByText('90%')).toHaveClass('bo-monitoring__success--good');
  });

  it('draws the success rate per terminal with a text alternative', async () => {
    renderMonitoring([...MONITORING, 'merchant.rw.all']);
    const chart = await screen.findByRole('img', { name: /^Success rate per terminal:/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleName(
      'Success rate per terminal: UZS deposits (#11) 66.67%, RUB SBP (#12) 90%',
    );
    expect(screen.getByRole('figure', { name: 'Success rate per terminal' })).toContainElement(
      chart,
    );
  });

  it('says so when a terminal had no invoices, without a colour', async () => {
    renderMonitoring([...MONITORING, 'merchant.rw.all']);
    await userEvent.click(await screen.findByRole('tab', { name: 'Bishkek Books' }));
    expect(
      await screen.findByRole('img', {
        name: 'Success rate per terminal: KGS idle (#21) no invoices',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('0%', { selector: '.bo-monitoring__success' })).toHaveClass(
      'bo-monitoring__success--none',
    );
  });

  it('sends the minutes of the chosen period', async () => {
    const user = useClock('2026-03-05T10:15:30Z');
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue('oneHour');

    await user.selectOptions(period, '3 h');
    await waitFor(() =>
      expect(statisticCalls(api)).toContain('GET /api/data/v1/terminal?minutes=180&merchantId=1'),
    );
    // From day start: minutes since UTC midnight, 10:15 is 615.
    await user.selectOptions(period, 'From day start');
    await waitFor(() =>
      expect(statisticCalls(api)).toContain('GET /api/data/v1/terminal?minutes=615&merchantId=1'),
    );
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    // At the next refresh "from day start" has grown.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() =>
      expect(statisticCalls(api)).toContain('GET /api/data/v1/terminal?minutes=616&merchantId=1'),
    );
  });

  it('refreshes every 60 s as the settings say, and shows when it last did', async () => {
    useClock('2026-03-05T10:15:30Z');
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    expect(screen.getByText('Refreshes every 60 s')).toBeInTheDocument();
    expect(screen.getByText(/^Updated/)).toHaveTextContent(/^Updated 10:15:3\d UTC$/);
    expect(statisticCalls(api)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(statisticCalls(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() => expect(statisticCalls(api)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByText(/^Updated/)).toHaveTextContent(/^Updated 10:16:3\d UTC$/),
    );
  });

  it.each([
    ['zero', { ...SETTINGS, refreshIntervalSeconds: 0 }],
    ['not a number', { ...SETTINGS, refreshIntervalSeconds: 'sixty' }],
    [
      'negative, with an unusable fallback',
      { refreshIntervalSeconds: -5, fallbackRefreshIntervalSeconds: 0 },
    ],
  ])('falls back to 20 s when the refresh setting is unusable (%s)', async (_case, settings) => {
    useClock('2026-03-05T10:15:30Z');
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all'], { settings });
    await screen.findByText('Refreshes every 20 s');
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    const before = statisticCalls(api).length;
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    await waitFor(() => expect(statisticCalls(api).length).toBe(before + 1));
  });

  it.each([
    ['carry no refresh interval', { status: 200, body: { data: { periods: [] } } }],
    ['cannot be loaded', { status: 500, body: { detail: 'Settings unavailable' } }],
  ])('keeps the 60 s default when the settings %s', async (_case, answer) => {
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    api.set('GET /api/v1/terminal/statistic', answer);
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    await waitFor(() => expect(api.calls).toContain('GET /api/v1/terminal/statistic'));
    expect(screen.getByText('Refreshes every 60 s')).toBeInTheDocument();
  });

  it('opens on the merchant chosen in the header', async () => {
    localStorage.setItem('paygate.backoffice.merchantId', '2');
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    expect(await screen.findByRole('tab', { name: 'Bishkek Books' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await screen.findByRole('rowheader', { name: /KGS idle/ });
    expect(statisticCalls(api)).toEqual(['GET /api/data/v1/terminal?minutes=60&merchantId=2']);
  });

  it('refreshes on demand', async () => {
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    await screen.findByRole('rowheader', { name: /UZS deposits/ });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(statisticCalls(api)).toHaveLength(2));
  });

  it('shows the error and keeps a retry when the statistics fail', async () => {
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    api.set('GET /api/data/v1/terminal', {
      status: 500,
      body: { detail: 'Database unavailable' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the terminal statistics: Database unavailable',
    );
    api.set('GET /api/data/v1/terminal', statisticsAnswer);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('rowheader', { name: /UZS deposits/ })).toBeVisible();
  });

  it('shows an empty state for a merchant without terminals', async () => {
    const api = renderMonitoring([...MONITORING, 'merchant.rw.all']);
    api.set('GET /api/data/v1/terminal', { body: { data: [] } });
    expect(await screen.findByText('No terminals')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
