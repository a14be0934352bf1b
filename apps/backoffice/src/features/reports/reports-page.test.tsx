import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { terminalChosen } from '../workspace/workspace-slice.ts';
import { REPORT_MESSAGES } from './report-form.ts';
import { NO_REPORTS, ReportsPage } from './reports-page.tsx';

const ALL_REPORTS = [
  'merchant.read.report',
  'report.read.invoice',
  'report.read.provider',
  'report.read.pool.balance',
  'report.read.balance',
];

const csv = (fileName?: string): FakeAnswer => ({
  body: 'Date,Currency\r\n',
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    ...(fileName ? { 'content-disposition': `attachment; filename="${fileName}"` } : {}),
  },
});

const MERCHANTS = {
  data: {
    items: [
      { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk_1', terminals: [] },
      { id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_2', terminals: [] },
    ],
    page: 0,
    size: 50,
    total: 2,
  },
};

/** The reports screen; `terminalId`: the header's terminal, chosen earlier in the tab. */
const setUp = (permissions: string[], terminalId = '') => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    'GET /api/v1/merchant': { body: MERCHANTS },
    'GET /api/v1/terminal': {
      body: {
        data: [
          { id: 11, name: 'UZS deposits', currency: { id: 1, code: 'UZS', dimension: 2 } },
          { id: 12, name: 'RUB payouts', currency: { id: 2, code: 'RUB', dimension: 2 } },
        ],
      },
    },
    'GET /api/v1/reference/currency': {
      body: {
        data: [
          { id: 1, name: 'Uzbek sum', code: 'UZS', dimension: 2, minValue: 0, maxValue: 1 },
          { id: 2, name: 'Russian ruble', code: 'RUB', dimension: 2, minValue: 0, maxValue: 1 },
        ],
      },
    },
    'GET /api/v1/provider': {
      body: {
        data: [
          { id: 4, name: 'Humo Pay', code: 'HUMO' },
          { id: 6, name: 'SBP Gate', code: 'SBP' },
        ],
      },
    },
    'GET /api/v1/terminal/pool': {
      body: {
        data: [
          { id: 8, name: 'Tashkent pool', status: null, type: null },
          { id: 9, name: 'Moscow pool', status: null, type: null },
        ],
      },
    },
  });
  const view = renderScreen('/reports', { path: '/reports', element: <ReportsPage /> });
  act(() => {
    view.store.dispatch(terminalChosen(terminalId));
  });
  return { api, ...view };
};

/** The report calls made, each as its path and query parameters. */
const reportCalls = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const card = (name: string) => screen.findByRole('region', { name });

const fillPeriod = async (region: HTMLElement, from: string, to: string) => {
  await userEvent.type(within(region).getByLabelText(/^Date From/), from);
  await userEvent.type(within(region).getByLabelText(/^Date To/), to);
};

const getReport = (region: HTMLElement) =>
  userEvent.click(within(region).getByRole('button', { name: 'Get report' }));

let saved: string[];

beforeEach(() => {
  saved = [];
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:http://localhost/report'),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('report cards per permission (SPEC §6)', () => {
  it('shows every card, in SPEC order, to a person with every report permission', async () => {
    setUp(ALL_REPORTS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Transactions',
      'Provider',
      'Terminal Pool Balance',
      'Balance',
      'Balance statement',
    ]);
  });

  it.each([
    ['report.read.invoice', ['Transactions']],
    ['report.read.provider', ['Provider']],
    ['report.read.pool.balance', ['Terminal Pool Balance']],
    // The statement is the detail behind Balance, under the same permission.
    ['report.read.balance', ['Balance', 'Balance statement']],
  ])('%s alone shows the %s cards only', async (permission, titles) => {
    setUp(['merchant.read.report', permission]);
    for (const title of titles) expect(await card(title)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(titles);
  });

  it('hides the balance statement from a person without report.read.balance', async () => {
    setUp(ALL_REPORTS.filter((permission) => permission !== 'report.read.balance'));
    expect(await card('Transactions')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Balance statement' })).not.toBeInTheDocument();
  });

  it('says so when the person may read no report', async () => {
    const { api } = setUp(['merchant.read.report']);
    expect(await screen.findByText(NO_REPORTS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get report' })).not.toBeInTheDocument();
    // No card, so no options are loaded either.
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/reference/currency'))).toBe(false);
  });
});

describe('Balance report', () => {
  it('requires both dates and a currency, and sends nothing until they are given', async () => {
    const { api } = setUp(['report.read.balance']);
    const balance = await card('Balance');
    const currency = within(balance).getByLabelText(/^Currency/);
    await waitFor(() => expect(currency).toBeEnabled());
    // First option 'Not selected' (SPEC §2), then the currencies by numeric id.
    expect(
      within(currency)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual([
      ['Not selected', ''],
      ['UZS', '1'],
      ['RUB', '2'],
    ]);

    await getReport(balance);

    expect(await within(balance).findByText(REPORT_MESSAGES.dateFromRequired)).toBeInTheDocument();
    expect(within(balance).getByText(REPORT_MESSAGES.dateToRequired)).toBeInTheDocument();
    expect(within(balance).getByText(REPORT_MESSAGES.currencyRequired)).toBeInTheDocument();
    expect(within(balance).getByLabelText(/^Date From/)).toHaveAttribute('aria-invalid', 'true');
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([]);
  });

  it('refuses a period that starts after it ends, and bounds each date by the other', async () => {
    const { api } = setUp(['report.read.balance']);
    const balance = await card('Balance');
    await fillPeriod(balance, '2026-03-10', '2026-03-01');
    await userEvent.selectOptions(within(balance).getByLabelText(/^Currency/), '2');

    expect(within(balance).getByLabelText(/^Date From/)).toHaveAttribute('max', '2026-03-01');
    expect(within(balance).getByLabelText(/^Date To/)).toHaveAttribute('min', '2026-03-10');
    await getReport(balance);
    expect(await within(balance).findByText(REPORT_MESSAGES.dateFromAfterTo)).toBeInTheDocument();
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([]);

    // The same day on both ends is a valid one-day period.
    await userEvent.clear(within(balance).getByLabelText(/^Date To/));
    await userEvent.type(within(balance).getByLabelText(/^Date To/), '2026-03-10');
    await waitFor(() =>
      expect(within(balance).queryByText(REPORT_MESSAGES.dateFromAfterTo)).not.toBeInTheDocument(),
    );
  });

  it('downloads the period as yyyy-MM-dd with the currency id and the header terminal', async () => {
    const { api } = setUp(['report.read.balance'], '11');
    api.set('GET /api/v1/report/balance', csv('Balance_2026-03-01_2026-03-31.csv'));
    const balance = await card('Balance');
    expect(await within(balance).findByText('UZS deposits (11)')).toBeInTheDocument();
    await fillPeriod(balance, '2026-03-01', '2026-03-31');
    await userEvent.selectOptions(within(balance).getByLabelText(/^Currency/), '2');
    await getReport(balance);

    expect(
      await screen.findByText('Report saved: Balance_2026-03-01_2026-03-31.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', currencyId: '2', terminalId: '11' },
    ]);
    expect(saved).toEqual(['Balance_2026-03-01_2026-03-31.csv']);
  });

  it('shows progress while the file downloads and cannot be asked twice meanwhile', async () => {
    const { api } = setUp(['report.read.balance']);
    let answer: (value: FakeAnswer) => void = () => undefined;
    api.set(
      'GET /api/v1/report/balance',
      () =>
        new Promise<FakeAnswer>((resolve) => {
          answer = resolve;
        }),
    );
    const balance = await card('Balance');
    await fillPeriod(balance, '2026-03-01', '2026-03-02');
    await userEvent.selectOptions(within(balance).getByLabelText(/^Currency/), '1');
    await getReport(balance);

    const button = within(balance).getByRole('button', { name: 'Get report' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(within(balance).getByText('Preparing the report…')).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/balance')).toHaveLength(1);

    answer(csv());
    // Without a Content-Disposition the SPEC name is used.
    expect(
      await screen.findByText('Report saved: Balance_2026-03-01_2026-03-02.csv'),
    ).toBeVisible();
    // The toast and the button's state come from two renders: on a busy machine the toast can
    // show a render before the button is released.
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).toBeEnabled();
    expect(within(balance).queryByText('Preparing the report…')).not.toBeInTheDocument();
  });

  /** The Balance card asked for 2024-01-01 to 2025-01-01: 367 days, 2024 being a leap year. */
  const askForTooLongBalance = async () => {
    const { api } = setUp(['report.read.balance']);
    api.set('GET /api/v1/report/balance', csv());
    const balance = await card('Balance');
    await fillPeriod(balance, '2024-01-01', '2025-01-01');
    await userEvent.selectOptions(within(balance).getByLabelText(/^Currency/), '1');
    await getReport(balance);
    const dateTo = within(balance).getByLabelText(/^Date To/);
    await waitFor(() => expect(dateTo).toHaveAccessibleDescription(REPORT_MESSAGES.periodTooLong));
    return { api, balance, dateTo };
  };

  it('refuses a period over 366 days on Date To before asking the server', async () => {
    const { api, balance, dateTo } = await askForTooLongBalance();
    expect(dateTo).toHaveAttribute('aria-invalid', 'true');
    expect(within(balance).getByLabelText(/^Date From/)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // No range attribute: the date pickers stay bounded only by each other.
    expect(within(balance).getByLabelText(/^Date From/)).toHaveAttribute('max', '2025-01-01');
    expect(dateTo).toHaveAttribute('min', '2024-01-01');
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([]);

    // 366 days is a whole leap year, and is asked for.
    await userEvent.clear(dateTo);
    await userEvent.type(dateTo, '2024-12-31');
    await waitFor(() =>
      expect(within(balance).queryByText(REPORT_MESSAGES.periodTooLong)).not.toBeInTheDocument(),
    );
    await getReport(balance);
    expect(
      await screen.findByText('Report saved: Balance_2024-01-01_2024-12-31.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([
      { periodStart: '2024-01-01', periodEnd: '2024-12-31', currencyId: '1' },
    ]);
  });

  it('clears the message on Date To when Date From brings the period within the limit', async () => {
    const { balance, dateTo } = await askForTooLongBalance();

    const dateFrom = within(balance).getByLabelText(/^Date From/);
    await userEvent.clear(dateFrom);
    await userEvent.type(dateFrom, '2024-01-02');
    await waitFor(() => expect(dateTo).not.toHaveAttribute('aria-invalid', 'true'));
    expect(within(balance).queryByText(REPORT_MESSAGES.periodTooLong)).not.toBeInTheDocument();
    await getReport(balance);
    expect(
      await screen.findByText('Report saved: Balance_2024-01-02_2025-01-01.csv'),
    ).toBeVisible();
  });

  it("toasts the server's message when the report is refused, and keeps the form", async () => {
    const { api } = setUp(['report.read.balance']);
    api.set('GET /api/v1/report/balance', {
      status: 404,
      body: { detail: 'Currency not found' },
    });
    const balance = await card('Balance');
    await fillPeriod(balance, '2026-01-01', '2026-03-31');
    await userEvent.selectOptions(within(balance).getByLabelText(/^Currency/), '1');
    await getReport(balance);

    expect(await screen.findByText('Currency not found')).toBeVisible();
    expect(saved).toEqual([]);
    expect(within(balance).getByLabelText(/^Date From/)).toHaveValue('2026-01-01');
    expect(within(balance).getByRole('button', { name: 'Get report' })).toBeEnabled();
  });

  it('offers a retry when the currencies cannot be loaded', async () => {
    const { api } = setUp(['report.read.balance']);
    api.set('GET /api/v1/reference/currency', { status: 500, body: { detail: 'Database down' } });
    const balance = await card('Balance');
    expect(await within(balance).findByRole('alert')).toHaveTextContent(
      'Could not load the currencies: Database down',
    );
    api.set('GET /api/v1/reference/currency', {
      body: {
        data: [{ id: 1, name: 'Uzbek sum', code: 'UZS', dimension: 2, minValue: 0, maxValue: 1 }],
      },
    });
    await userEvent.click(within(balance).getByRole('button', { name: 'Retry' }));
    expect(await within(balance).findByRole('option', { name: 'UZS' })).toBeInTheDocument();
    expect(within(balance).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Balance statement', () => {
  it('requires both dates and a currency, and sends nothing until they are given', async () => {
    const { api } = setUp(['report.read.balance']);
    const statement = await card('Balance statement');
    expect(
      within(statement).getByText(
        'Every change of the balance in one currency, with its cause and the balance after it, as CSV.',
      ),
    ).toBeInTheDocument();
    expect(within(statement).getByText('ALL TERMINALS')).toBeInTheDocument();
    await waitFor(() => expect(within(statement).getByLabelText(/^Currency/)).toBeEnabled());

    await getReport(statement);

    expect(
      await within(statement).findByText(REPORT_MESSAGES.dateFromRequired),
    ).toBeInTheDocument();
    expect(within(statement).getByText(REPORT_MESSAGES.dateToRequired)).toBeInTheDocument();
    expect(within(statement).getByText(REPORT_MESSAGES.currencyRequired)).toBeInTheDocument();
    expect(reportCalls(api, '/api/v1/report/statement')).toEqual([]);
  });

  it('downloads the period with the currency id and the header terminal', async () => {
    const { api } = setUp(['report.read.balance'], '11');
    api.set('GET /api/v1/report/statement', csv('Statement_2026-03-01_2026-03-31.csv'));
    const statement = await card('Balance statement');
    expect(await within(statement).findByText('UZS deposits (11)')).toBeInTheDocument();
    await fillPeriod(statement, '2026-03-01', '2026-03-31');
    await userEvent.selectOptions(within(statement).getByLabelText(/^Currency/), '2');
    await getReport(statement);

    expect(
      await screen.findByText('Report saved: Statement_2026-03-01_2026-03-31.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/statement')).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', currencyId: '2', terminalId: '11' },
    ]);
    // The Balance card beside it asked nothing.
    expect(reportCalls(api, '/api/v1/report/balance')).toEqual([]);
    expect(saved).toEqual(['Statement_2026-03-01_2026-03-31.csv']);
  });

  it('sends no terminal for ALL TERMINALS, and names the file itself when the answer does not', async () => {
    const { api } = setUp(['report.read.balance']);
    api.set('GET /api/v1/report/statement', csv());
    const statement = await card('Balance statement');
    await fillPeriod(statement, '2026-03-01', '2026-03-02');
    await userEvent.selectOptions(within(statement).getByLabelText(/^Currency/), '1');
    await getReport(statement);

    expect(
      await screen.findByText('Report saved: Statement_2026-03-01_2026-03-02.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/statement')).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-02', currencyId: '1' },
    ]);
  });

  it("toasts the server's message when the statement is refused, and keeps the form", async () => {
    const { api } = setUp(['report.read.balance']);
    api.set('GET /api/v1/report/statement', {
      status: 404,
      body: { detail: 'Currency not found' },
    });
    const statement = await card('Balance statement');
    await fillPeriod(statement, '2026-01-01', '2026-03-31');
    await userEvent.selectOptions(within(statement).getByLabelText(/^Currency/), '1');
    await getReport(statement);

    expect(await screen.findByText('Currency not found')).toBeVisible();
    expect(saved).toEqual([]);
    expect(within(statement).getByLabelText(/^Date From/)).toHaveValue('2026-01-01');
    expect(within(statement).getByRole('button', { name: 'Get report' })).toBeEnabled();
  });
});

describe('Transactions report', () => {
  it('requires the period and sends the header terminal, or every terminal', async () => {
    const { api } = setUp(['report.read.invoice']);
    api.set('GET /api/v1/report/invoice', csv());
    const transactions = await card('Transactions');
    expect(within(transactions).getByText('ALL TERMINALS')).toBeInTheDocument();

    await getReport(transactions);
    expect(await within(transactions).findByText(REPORT_MESSAGES.dateFromRequired)).toBeVisible();
    expect(within(transactions).getByText(REPORT_MESSAGES.dateToRequired)).toBeVisible();

    await fillPeriod(transactions, '2026-02-01', '2026-02-28');
    await getReport(transactions);
    expect(
      await screen.findByText('Report saved: Transactions_2026-02-01_2026-02-28.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/invoice')).toEqual([
      { periodStart: '2026-02-01', periodEnd: '2026-02-28' },
    ]);
  });

  it('reports on the terminal chosen in the header', async () => {
    const { api } = setUp(['report.read.invoice'], '12');
    api.set('GET /api/v1/report/invoice', csv('Transactions_2026-02-01_2026-02-01.csv'));
    const transactions = await card('Transactions');
    expect(await within(transactions).findByText('RUB payouts (12)')).toBeInTheDocument();
    await fillPeriod(transactions, '2026-02-01', '2026-02-01');
    await getReport(transactions);
    await screen.findByText('Report saved: Transactions_2026-02-01_2026-02-01.csv');
    expect(reportCalls(api, '/api/v1/report/invoice')).toEqual([
      { periodStart: '2026-02-01', periodEnd: '2026-02-01', terminalId: '12' },
    ]);
  });
});

describe('Provider report', () => {
  it('requires the period, a currency and a provider, then sends their ids', async () => {
    const { api } = setUp(['report.read.provider']);
    api.set('GET /api/v1/report/provider', csv('Provider_2026-03-01_2026-03-07.csv'));
    const provider = await card('Provider');
    await getReport(provider);
    expect(await within(provider).findByText(REPORT_MESSAGES.currencyRequired)).toBeVisible();
    expect(within(provider).getByText(REPORT_MESSAGES.providerRequired)).toBeVisible();
    expect(within(provider).getByText(REPORT_MESSAGES.dateFromRequired)).toBeVisible();

    await fillPeriod(provider, '2026-03-01', '2026-03-07');
    await waitFor(() => expect(within(provider).getByLabelText(/^Provider/)).toBeEnabled());
    await userEvent.selectOptions(within(provider).getByLabelText(/^Currency/), '1');
    await userEvent.selectOptions(within(provider).getByLabelText(/^Provider/), 'SBP Gate');
    await getReport(provider);

    expect(
      await screen.findByText('Report saved: Provider_2026-03-01_2026-03-07.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/provider')).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-07', currencyId: '1', providerId: '6' },
    ]);
  });
});

describe('Terminal Pool Balance report', () => {
  it('requires the period and a terminal pool, then sends the pool id', async () => {
    const { api } = setUp(['report.read.pool.balance']);
    api.set(
      'GET /api/v1/report/pool/balance',
      csv('Terminal_Pool_Balance_2026-03-01_2026-03-31.csv'),
    );
    const pool = await card('Terminal Pool Balance');
    await getReport(pool);
    expect(await within(pool).findByText(REPORT_MESSAGES.terminalPoolRequired)).toBeVisible();

    await fillPeriod(pool, '2026-03-01', '2026-03-31');
    await waitFor(() => expect(within(pool).getByLabelText(/^Terminal pool/)).toBeEnabled());
    await userEvent.selectOptions(within(pool).getByLabelText(/^Terminal pool/), 'Moscow pool');
    await getReport(pool);

    expect(
      await screen.findByText('Report saved: Terminal_Pool_Balance_2026-03-01_2026-03-31.csv'),
    ).toBeVisible();
    expect(reportCalls(api, '/api/v1/report/pool/balance')).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', terminalPoolId: '9' },
    ]);
  });
});

describe('merchant.rw.all', () => {
  it('waits, and says so, until the chosen merchant is known', async () => {
    const { api } = setUp(['merchant.rw.all', 'report.read.invoice']);
    let answer: (value: FakeAnswer) => void = () => undefined;
    api.set(
      'GET /api/v1/merchant',
      () =>
        new Promise<FakeAnswer>((resolve) => {
          answer = resolve;
        }),
    );
    const transactions = await card('Transactions');
    expect(within(transactions).getByRole('button', { name: 'Get report' })).toBeDisabled();
    expect(within(transactions).getByText('Loading the merchant…')).toBeVisible();
    answer({ body: MERCHANTS });
    await waitFor(() =>
      expect(within(transactions).getByRole('button', { name: 'Get report' })).toBeEnabled(),
    );
    expect(within(transactions).queryByText('Loading the merchant…')).not.toBeInTheDocument();
  });

  it('reports on the chosen merchant', async () => {
    const { api } = setUp(['merchant.rw.all', 'report.read.invoice']);
    api.set('GET /api/v1/report/invoice', csv());
    const transactions = await card('Transactions');
    await fillPeriod(transactions, '2026-01-01', '2026-01-31');
    await waitFor(() =>
      expect(within(transactions).getByRole('button', { name: 'Get report' })).toBeEnabled(),
    );
    await getReport(transactions);
    await screen.findByText('Report saved: Transactions_2026-01-01_2026-01-31.csv');
    expect(reportCalls(api, '/api/v1/report/invoice')).toEqual([
      { periodStart: '2026-01-01', periodEnd: '2026-01-31', merchantId: '3' },
    ]);
  });
});
