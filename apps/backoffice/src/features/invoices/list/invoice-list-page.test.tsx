import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  findListHeading,
  INVOICE_A,
  INVOICE_B,
  invoiceItem,
  invoicePage,
  lastListQuery,
  listQueries,
  renderInvoiceList,
} from './invoice-list-test-kit.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TWO_INVOICES = [
  invoiceItem(),
  invoiceItem({
    invoiceId: INVOICE_B,
    amount: 700,
    currency: { code: 'KGS', dimension: 0 },
    flowType: { code: 'WITHDRAWAL' },
    invoiceStatus: { id: 5, code: 'DECLINED', value: 'Declined' },
    createdDate: '2026-03-04T08:00:00.000Z',
    statusDate: '2026-03-04T09:15:00.000Z',
    isTestProcessing: true,
  }),
];

const rowOf = async (invoiceId: string) => {
  const link = await screen.findByRole('link', { name: invoiceId });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${invoiceId}`);
  return row;
};

describe('invoice list', () => {
  it('shows the title and one table row per invoice with every field', async () => {
    const { api } = renderInvoiceList('/invoices', {
      routes: { 'GET /api/v1/invoice': invoicePage(TWO_INVOICES, 2) },
    });
    await findListHeading();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice ID', 'Created', 'Status date', 'Flow type', 'Status', 'Amount']);

    const first = await rowOf(INVOICE_A);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      INVOICE_A,
      '05/03/2026 14:07:09',
      '05/03/2026 14:09:30',
      'DEPOSIT',
      'Done',
      '1500.50 UZS',
    ]);
    expect(within(first).getByRole('link', { name: INVOICE_A })).toHaveAttribute(
      'href',
      `/invoices/${INVOICE_A}`,
    );
    expect(within(first).queryByText('Test')).not.toBeInTheDocument();

    const second = await rowOf(INVOICE_B);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      `${INVOICE_B} Test`,
      '04/03/2026 08:00:00',
      '04/03/2026 09:15:00',
      'WITHDRAWAL',
      'Declined',
      '700 KGS',
    ]);
    expect(within(second).getByText('Test')).toBeInTheDocument();
    expect(screen.getByText('Total: 2')).toBeInTheDocument();

    // SPEC §9: page 1 and 10 per page by default; the API's page is zero-based.
    expect(listQueries(api.calls)).toHaveLength(1);
    expect(lastListQuery(api.calls)).toEqual(['page=0', 'size=10']);
  });

  it('opens the invoice details from a row click, or the id link with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderInvoiceList('/invoices', {
      routes: { 'GET /api/v1/invoice': invoicePage(TWO_INVOICES, 2) },
    });
    const row = await rowOf(INVOICE_B);
    await user.click(within(row).getByText('700 KGS'));
    // The details route is lazy: the location changes once its screen has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE_B}`));

    await act(() => router.navigate('/invoices'));
    const link = within(await rowOf(INVOICE_A)).getByRole('link', { name: INVOICE_A });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE_A}`));
  });

  it("shows 'Nothing found' when no invoice matches", async () => {
    renderInvoiceList();
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then an error with a retry button', async () => {
    const user = userEvent.setup();
    let answers = 0;
    let release = () => {};
    const { api } = renderInvoiceList('/invoices', {
      routes: {
        'GET /api/v1/invoice': async () => {
          answers += 1;
          if (answers === 1) {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            return { status: 500, body: { detail: 'Database unavailable' } };
          }
          return invoicePage([invoiceItem()]);
        },
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading transactions' })).toBeVisible();
    release();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the transactions: Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: INVOICE_A })).toBeInTheDocument();
    expect(listQueries(api.calls)).toHaveLength(2);
  });

  it('sends the filters of the URL, the terminal of the header and the page zero-based', async () => {
    const { api } = renderInvoiceList(
      '/invoices?statusIds=1&statusIds=3&dateFrom=01/03/2026&dateTo=31/03/2026' +
        '&lastStatusDate=15/03/2026&flowType=DEPOSIT&sumFrom=10&sumTo=99.5&search=ORD-1' +
        '&page=2&size=25',
      { routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 30) }, terminalId: '7' },
    );
    await screen.findByRole('link', { name: INVOICE_A });
    expect(lastListQuery(api.calls)).toEqual([
      'dateFrom=01/03/2026',
      'dateTo=31/03/2026',
      'flowType=DEPOSIT',
      'lastStatusDate=15/03/2026',
      'page=1',
      'search=ORD-1',
      'size=25',
      'statusIds=1',
      'statusIds=3',
      'sumFrom=10',
      'sumTo=99.5',
      'terminalId=7',
    ]);
    expect(listQueries(api.calls)[0]?.getAll('statusIds')).toEqual(['1', '3']);
    expect(screen.getByRole('button', { name: 'Filter (7)' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ORD-1');
  });

  it('pages through the list and changes the page size (back to page 1)', async () => {
    const user = userEvent.setup();
    const { api, router } = renderInvoiceList('/invoices', {
      routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 35) },
    });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery(api.calls)).toEqual(['page=1', 'size=10']));
    expect(router.state.location.search).toBe('?page=2');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery(api.calls)).toEqual(['page=2', 'size=10']));
    expect(router.state.location.search).toBe('?page=3');

    const sizes = await screen.findByRole('combobox', { name: 'Items per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '15', '25', '40']);
    expect(sizes).toHaveValue('10');
    await user.selectOptions(sizes, '25');
    await waitFor(() => expect(lastListQuery(api.calls)).toEqual(['page=0', 'size=25']));
    expect(router.state.location.search).toBe('?size=25');
  });

  it('shows an estimated total as such and keeps a page beyond it', async () => {
    const { api, router } = renderInvoiceList('/invoices?page=2000', {
      routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 12_345, false) },
    });
    await screen.findByRole('link', { name: INVOICE_A });
    expect(screen.getByText('Total: about 12345')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2000');
    expect(lastListQuery(api.calls)).toEqual(['page=1999', 'size=10']);
  });

  it('moves a page beyond the last one back to the last page', async () => {
    const { api, router } = renderInvoiceList('/invoices?page=9', {
      routes: {
        'GET /api/v1/invoice': (_request, url) =>
          url.searchParams.get('page') === '8'
            ? invoicePage([], 12)
            : invoicePage([invoiceItem()], 12),
      },
    });
    await screen.findByRole('link', { name: INVOICE_A });
    expect(router.state.location.search).toBe('?page=2');
    expect(lastListQuery(api.calls)).toEqual(['page=1', 'size=10']);
  });

  it('searches on Enter and after a pause in typing, from page 1', async () => {
    const user = userEvent.setup();
    const { api, router } = renderInvoiceList('/invoices?page=3', {
      routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 40) },
    });
    const searchForm = await screen.findByRole('search', { name: 'Search transactions' });
    const box = within(searchForm).getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'ORD-1{Enter}');
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual(['page=0', 'search=ORD-1', 'size=10']),
    );
    expect(router.state.location.search).toBe('?search=ORD-1');

    await user.clear(box);
    await user.type(box, 'cust-9');
    // Nothing until typing pauses for the debounce.
    expect(lastListQuery(api.calls)).toEqual(['page=0', 'search=ORD-1', 'size=10']);
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual(['page=0', 'search=cust-9', 'size=10']),
    );
    expect(listQueries(api.calls).map((query) => query.get('search'))).toEqual([
      null,
      'ORD-1',
      'cust-9',
    ]);
  });
});

describe('finance summary', () => {
  const tiles = {
    'GET /api/v1/merchant/balance': {
      body: { data: { balance: [{ sum: 1_234_500, currency: { code: 'UZS', dimension: 2 } }] } },
    },
    'GET /api/v1/merchant/deposit': { body: { data: [] } },
    'GET /api/v1/merchant/withdrawal': { body: { data: [] } },
  };

  it('shows the balance, deposit and withdrawal tiles with merchant.read.finance', async () => {
    const { api } = renderInvoiceList('/invoices', {
      permissions: ['merchant.read.finance'],
      routes: tiles,
    });
    const summary = await screen.findByRole('region', { name: 'Finance summary' });
    expect(await within(summary).findByText('12345.00 UZS')).toBeInTheDocument();
    expect(within(summary).getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    expect(within(summary).getByRole('heading', { name: 'Withdrawal' })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/merchant/balance');
  });

  it('is absent without merchant.read.finance', async () => {
    const { api } = renderInvoiceList('/invoices', { permissions: [], routes: tiles });
    await screen.findByText('Nothing found');
    expect(screen.queryByRole('region', { name: 'Finance summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Balance' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/merchant/balance'))).toBe(false);
  });
});

describe('merchant scope', () => {
  it('waits for the merchant of a merchant.rw.all user and sends its id', async () => {
    let releaseMerchants = () => {};
    const { api } = renderInvoiceList('/invoices', {
      permissions: ['merchant.rw.all'],
      routes: {
        'GET /api/v1/merchant': async () => {
          await new Promise<void>((resolve) => {
            releaseMerchants = resolve;
          });
          return {
            body: { data: { items: [{ id: 5, name: 'Shop' }], page: 0, size: 50, total: 1 } },
          };
        },
      },
    });
    await findListHeading();
    expect(listQueries(api.calls)).toHaveLength(0);
    releaseMerchants();
    await screen.findByText('Nothing found');
    expect(lastListQuery(api.calls)).toEqual(['merchantId=5', 'page=0', 'size=10']);
  });
});

describe('Get report', () => {
  const stubDownload = () => {
    // jsdom has no object URLs and does not save files: record what would be saved instead.
    const createObjectURL = vi.fn(() => 'blob:invoices');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    return { createObjectURL, saved };
  };

  it('downloads Invoices.csv with the list filters (no paging), busy meanwhile', async () => {
    const user = userEvent.setup();
    const { createObjectURL, saved } = stubDownload();
    let release = () => {};
    const { api } = renderInvoiceList(
      '/invoices?statusIds=2&statusIds=4&dateFrom=01/03/2026&search=ORD&page=3&size=5',
      {
        terminalId: '7',
        routes: {
          'GET /api/v1/invoice/csv': async () => {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            return { body: 'invoiceId\n', headers: { 'content-type': 'text/csv' } };
          },
        },
      },
    );
    const button = await screen.findByRole('button', { name: 'Get report' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toEqual(['Invoices.csv']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));

    const csvCalls = api.calls.filter((call) => call.startsWith('GET /api/v1/invoice/csv'));
    expect(csvCalls).toHaveLength(1);
    const query = new URLSearchParams(csvCalls[0]?.split('?')[1]);
    expect([...query].map(([name, value]) => `${name}=${value}`).sort()).toEqual([
      'dateFrom=01/03/2026',
      'search=ORD',
      'statusIds=2',
      'statusIds=4',
      'terminalId=7',
    ]);
  });

  it("shows the server's message when the download fails", async () => {
    const user = userEvent.setup();
    const { saved } = stubDownload();
    renderInvoiceList('/invoices', {
      routes: {
        'GET /api/v1/invoice/csv': { status: 400, body: { detail: 'Too many rows to export' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Get report' }));
    expect(await screen.findByText('Too many rows to export')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Get report' })).toBeEnabled();
  });
});
