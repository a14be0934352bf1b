import { sessionExpired } from '@paygate/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';
import { signOutRequested } from '../session/session-slice.ts';
import { terminalIdOf } from './terminal-selector.tsx';
import {
  merchantChosen,
  SELECTED_TERMINAL_STORAGE_KEY,
  terminalChosen,
} from './workspace-slice.ts';

const UZS = { id: 1, code: 'UZS', dimension: 2 };
const RUB = { id: 2, code: 'RUB', dimension: 2 };

const merchantUser = () =>
  fakeApi({
    'GET /api/v1/people/me': {
      body: {
        data: personWith(['merchant.read.report', 'merchant.read.finance', 'report.read.invoice'], {
          role: 'merchant',
          merchantId: 3,
        }),
      },
    },
    'GET /api/v1/terminal': {
      body: {
        data: [
          { id: 11, name: 'UZS deposits', currency: UZS },
          { id: 12, name: 'RUB payouts', currency: RUB },
        ],
      },
    },
    'GET /api/v1/reference': { body: { data: [] } },
    'GET /api/v1/invoice': { body: { data: { items: [], page: 0, size: 10, total: 0 } } },
    'GET /api/v1/merchant/balance': { body: { data: { balance: [] } } },
    'GET /api/v1/merchant/deposit': { body: { data: [] } },
    'GET /api/v1/merchant/withdrawal': { body: { data: [] } },
    'GET /api/v1/report/invoice': {
      body: 'Invoice ID\r\n',
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="Transactions_2026-02-01_2026-02-01.csv"',
      },
    },
  });

/** The query of each call to a path. */
const queriesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const terminalSelect = () => screen.findByRole('combobox', { name: 'Terminal' });
const navigationLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

beforeEach(() => {
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:http://localhost/report'),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the header terminal: one setting for the dashboard, invoices and reports', () => {
  it('keeps the terminal chosen on the Dashboard on Reports, and the report covers it', async () => {
    const user = userEvent.setup();
    const api = merchantUser();
    renderApp('/invoices');
    await user.selectOptions(await terminalSelect(), '12');

    // Dashboard tiles and the invoice list follow the choice.
    await waitFor(() =>
      expect(queriesOf(api, '/api/v1/merchant/balance').at(-1)).toEqual({ terminalId: '12' }),
    );
    await waitFor(() =>
      expect(queriesOf(api, '/api/v1/invoice').at(-1)).toMatchObject({ terminalId: '12' }),
    );

    await user.click(navigationLink('Reports'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const transactions = screen.getByRole('region', { name: 'Transactions' });
    expect(await terminalSelect()).toHaveValue('12');
    expect(await within(transactions).findByText('RUB payouts (12)')).toBeInTheDocument();
    await user.type(within(transactions).getByLabelText(/^Date From/), '2026-02-01');
    await user.type(within(transactions).getByLabelText(/^Date To/), '2026-02-01');
    await user.click(within(transactions).getByRole('button', { name: 'Get report' }));
    await waitFor(() =>
      expect(queriesOf(api, '/api/v1/report/invoice')).toEqual([
        { periodStart: '2026-02-01', periodEnd: '2026-02-01', terminalId: '12' },
      ]),
    );

    // Changed on Reports, it is the Dashboard's terminal too.
    await user.selectOptions(await terminalSelect(), '11');
    await user.click(navigationLink('Dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    expect(await terminalSelect()).toHaveValue('11');
    await waitFor(() =>
      expect(queriesOf(api, '/api/v1/invoice').at(-1)).toMatchObject({ terminalId: '11' }),
    );
    expect(queriesOf(api, '/api/v1/merchant/balance').at(-1)).toEqual({ terminalId: '11' });
  });

  it('ALL TERMINALS sends no terminal anywhere', async () => {
    const user = userEvent.setup();
    const api = merchantUser();
    renderApp('/reports', { terminalId: '12' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const transactions = screen.getByRole('region', { name: 'Transactions' });
    expect(await within(transactions).findByText('RUB payouts (12)')).toBeInTheDocument();
    await user.selectOptions(await terminalSelect(), '');
    expect(await within(transactions).findByText('ALL TERMINALS')).toBeInTheDocument();
    await user.click(navigationLink('Dashboard'));
    await waitFor(() => expect(queriesOf(api, '/api/v1/invoice').length).toBeGreaterThan(0));
    expect(queriesOf(api, '/api/v1/invoice').at(-1)).not.toHaveProperty('terminalId');
    expect(queriesOf(api, '/api/v1/merchant/balance').at(-1)).toEqual({});
  });
});

describe('workspace terminal setting', () => {
  it('survives a reload of the tab, and starts again with another merchant or person', () => {
    const store = createAppStore();
    store.dispatch(terminalChosen('12'));
    expect(sessionStorage.getItem(SELECTED_TERMINAL_STORAGE_KEY)).toBe('12');
    // A reload: a new store reads the tab's choice.
    const reloaded = createAppStore();
    expect(reloaded.getState().workspace.selectedTerminalId).toBe('12');

    reloaded.dispatch(merchantChosen(5));
    expect(reloaded.getState().workspace.selectedTerminalId).toBe('');

    reloaded.dispatch(terminalChosen('11'));
    reloaded.dispatch(sessionExpired());
    expect(reloaded.getState().workspace.selectedTerminalId).toBe('');
    reloaded.dispatch(terminalChosen('11'));
    reloaded.dispatch(signOutRequested());
    expect(reloaded.getState().workspace.selectedTerminalId).toBe('');
    expect(sessionStorage.getItem(SELECTED_TERMINAL_STORAGE_KEY)).toBeNull();
  });

  it('ignores a value that is no terminal id', () => {
    const store = createAppStore();
    store.dispatch(terminalChosen('abc'));
    expect(store.getState().workspace.selectedTerminalId).toBe('');
  });

  it('sends the header terminal as a number, and nothing for ALL TERMINALS', () => {
    expect(terminalIdOf('11')).toBe(11);
    expect(terminalIdOf('')).toBeUndefined();
    expect(terminalIdOf('abc')).toBeUndefined();
  });
});
