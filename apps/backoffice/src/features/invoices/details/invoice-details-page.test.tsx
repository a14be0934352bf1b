import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  DETAIL_PERMISSIONS,
  DETAILS_PATH,
  detailsApi,
  INVOICE_ID,
  invoiceWith,
} from './details-test-fixtures.ts';

/** The value shown for a field label of a description list. */
const fieldValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const openDetails = async () => {
  const view = renderApp(DETAILS_PATH);
  await screen.findByRole('heading', { level: 1, name: `Invoice ${INVOICE_ID}` });
  return view;
};

const sectionToggle = (name: RegExp) => screen.queryByRole('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invoice details: loading, not found and errors', () => {
  it('shows a spinner while the invoice loads', async () => {
    detailsApi([], {
      routes: { [`GET /api/v1/invoice/${INVOICE_ID}`]: () => new Promise(() => {}) },
    });
    renderApp(DETAILS_PATH);
    expect(await screen.findByRole('status', { name: 'Loading invoice' })).toBeInTheDocument();
  });

  it("says 'Invoice not found' with a link back to Transactions on 404", async () => {
    detailsApi([], {
      routes: {
        [`GET /api/v1/invoice/${INVOICE_ID}`]: { status: 404, body: { detail: 'Not found' } },
      },
    });
    renderApp(DETAILS_PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute(
      'href',
      '/invoices',
    );
  });

  it('shows the server message and tries again on another error', async () => {
    let calls = 0;
    detailsApi([], {
      routes: {
        [`GET /api/v1/invoice/${INVOICE_ID}`]: () =>
          ++calls === 1
            ? { status: 500, body: { detail: 'Database unavailable' } }
            : { body: { data: invoiceWith() } },
      },
    });
    const user = userEvent.setup();
    renderApp(DETAILS_PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the invoice: Database unavailable',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Invoice ${INVOICE_ID}` }),
    ).toBeInTheDocument();
  });
});

describe('invoice details: header and fields', () => {
  it('shows the header: back button, Test badge, amount and fee with the currency', async () => {
    detailsApi([], { invoice: invoiceWith({ isTestProcessing: true }) });
    await openDetails();
    expect(screen.getByRole('button', { name: '← Back' })).toBeInTheDocument();
    expect(screen.getByText('Test')).toBeInTheDocument();
    expect(fieldValue('Amount')).toBe('1500.50 UZS');
    expect(fieldValue('Fee')).toBe('12.00 UZS');
  });

  it("shows no Test badge on a live invoice and a fee of '0' when there is none", async () => {
    detailsApi([], {
      invoice: invoiceWith({ fee: 0, currency: { code: 'KGS', dimension: 0 } }),
    });
    await openDetails();
    expect(screen.queryByText('Test')).toBeNull();
    expect(fieldValue('Fee')).toBe('0 KGS');
  });

  it('copies the invoice id and toasts it', async () => {
    detailsApi([]);
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(window.navigator, 'clipboard', {
      value: { writeText },
      configurable: true,
      writable: true,
    });
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Copy invoice ID' }));
    expect(writeText).toHaveBeenCalledWith(INVOICE_ID);
    expect(await screen.findByText('Invoice ID copied to clipboard')).toBeInTheDocument();
  });

  it('lists the SPEC fields for a person with every permission', async () => {
    detailsApi(DETAIL_PERMISSIONS);
    await openDetails();
    expect(fieldValue('Flow Type')).toBe('WITHDRAWAL');
    expect(fieldValue('Invoice ID')).toBe(INVOICE_ID);
    expect(fieldValue('Merchant Invoice ID')).toBe('M-1001');
    expect(fieldValue('Provider Invoice ID')).toBe('PRV-77');
    expect(fieldValue('User ID')).toBe('user-42');
    expect(fieldValue('Owner name')).toBe('Aziz Rakhimov');
    expect(fieldValue('Terminal ID')).toBe('11');
    expect(fieldValue('Terminal name')).toBe('Main UZS');
    expect(fieldValue('Status')).toBe('In progress');
    expect(fieldValue('Status date')).toBe('05/03/2026 14:07:09');
    expect(fieldValue('Currency code')).toBe('UZS');
    expect(fieldValue('Payment method')).toBe('Humo');
    expect(fieldValue('Credentials')).toBe('8600 1234 1234 1234');
    expect(fieldValue('Bank name')).toBe('Kapitalbank');
    expect(fieldValue('Credentials owner')).toBe('AZIZ RAKHIMOV');
    expect(fieldValue('Provider')).toBe('Paynet');
  });

  it("shows '-' for a missing payment method and a phone credential as it is", async () => {
    detailsApi(['invoice.credentials.read'], {
      invoice: invoiceWith({ paymentMethod: null, account: { value: '+998901234567' } }),
    });
    await openDetails();
    expect(fieldValue('Payment method')).toBe('-');
    expect(fieldValue('Credentials')).toBe('+998901234567');
  });

  it('hides the provider invoice id without invoice.provider.read', async () => {
    detailsApi(DETAIL_PERMISSIONS.filter((p) => p !== 'invoice.provider.read'));
    await openDetails();
    expect(screen.queryByText('Provider Invoice ID', { selector: 'dt' })).toBeNull();
    expect(fieldValue('Credentials')).toBe('8600 1234 1234 1234');
  });

  it('hides the credentials without invoice.credentials.read', async () => {
    detailsApi(DETAIL_PERMISSIONS.filter((p) => p !== 'invoice.credentials.read'));
    await openDetails();
    expect(fieldValue('Provider Invoice ID')).toBe('PRV-77');
    for (const label of ['Credentials', 'Bank name', 'Credentials owner', 'Provider']) {
      expect(screen.queryByText(label, { selector: 'dt' })).toBeNull();
    }
  });

  it('hides the provider invoice id when the invoice has none, even with the permission', async () => {
    detailsApi(['invoice.provider.read'], { invoice: invoiceWith({ providerInvoiceId: null }) });
    await openDetails();
    expect(screen.queryByText('Provider Invoice ID', { selector: 'dt' })).toBeNull();
  });
});

describe('invoice details: status history and sections', () => {
  it('lists the status history with dates', async () => {
    detailsApi([]);
    await openDetails();
    const history = screen.getByRole('region', { name: 'Status history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'New 05/03/2026 14:00:00',
      'In progress 05/03/2026 14:07:09',
    ]);
  });

  it('shows only Support History without section permissions, yet requests the event log', async () => {
    const api = detailsApi([]);
    await openDetails();
    expect(sectionToggle(/^Support History/)).toBeInTheDocument();
    for (const name of [/^Errors/, /^Event Log/, /^Callbacks/, /^Transactions/]) {
      expect(sectionToggle(name)).toBeNull();
    }
    await waitFor(() =>
      expect(api.calls).toContain(`GET /api/v1/event/invoice?invoiceId=${INVOICE_ID}`),
    );
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/event/error'))).toBe(false);
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/transaction/invoice'))).toBe(
      false,
    );
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/merchant/callback'))).toBe(false);
  });

  it.each([
    ['invoice.error.read', /^Errors/, 'Provider timeout'],
    ['invoice.event.read', /^Event Log/, 'Invoice created'],
    ['merchant.callback.read', /^Callbacks/, 'DECLINED'],
    ['invoice.transaction.read', /^Transactions/, 'FAILED'],
  ])('%s shows the %s section with its rows', async (permission, name, rowText) => {
    detailsApi([permission]);
    const user = userEvent.setup();
    await openDetails();
    const toggle = sectionToggle(name);
    if (!toggle) throw new Error(`no section ${name}`);
    await waitFor(() => expect(toggle).toHaveTextContent('1'));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('cell', { name: rowText })).toBeInTheDocument();
  });

  it("shows 'No errors' and 'No transactions' when there are none", async () => {
    detailsApi(['invoice.error.read', 'invoice.transaction.read'], {
      routes: {
        'GET /api/v1/event/error': { body: { data: [] } },
        'GET /api/v1/transaction/invoice': { body: { data: [] } },
      },
    });
    const user = userEvent.setup();
    await openDetails();
    await user.click(sectionToggle(/^Errors/) as HTMLElement);
    expect(await screen.findByText('No errors')).toBeInTheDocument();
    await user.click(sectionToggle(/^Transactions/) as HTMLElement);
    expect(await screen.findByText('No transactions')).toBeInTheDocument();
  });
});

describe('invoice details: actions gating', () => {
  const actions = () => ({
    changeStatus: screen.queryByRole('combobox', { name: 'Change status' }),
    changeAmount: screen.queryByRole('button', { name: 'Change amount' }),
    retry: screen.queryByRole('button', { name: 'Retry' }),
    sendCallback: screen.queryByRole('button', { name: 'Send callback' }),
  });

  it('offers no action without permissions on a live invoice', async () => {
    detailsApi([]);
    await openDetails();
    expect(Object.values(actions()).filter(Boolean)).toEqual([]);
  });

  it('offers the status change with invoice.status.change', async () => {
    detailsApi(['invoice.status.change'], {
      invoice: invoiceWith({ flowType: { code: 'DEPOSIT' } }),
    });
    await openDetails();
    expect(actions().changeStatus).toBeInTheDocument();
    expect(actions().retry).toBeNull();
  });

  it('offers the status change on a test-processing invoice without the permission', async () => {
    detailsApi([], { invoice: invoiceWith({ isTestProcessing: true }) });
    await openDetails();
    expect(actions().changeStatus).toBeInTheDocument();
    expect(actions().retry).toBeNull();
  });

  it('offers the amount change with invoice.amount.change only', async () => {
    detailsApi(['invoice.amount.change']);
    await openDetails();
    expect(actions().changeAmount).toBeInTheDocument();
    expect(actions().changeStatus).toBeNull();
  });

  it.each([
    ['WITHDRAWAL', 'IN_PROGRESS', true],
    ['WITHDRAWAL', 'NEW', true],
    ['WITHDRAWAL', 'DECLINED', true],
    ['WITHDRAWAL', 'CANCELED', false],
    ['WITHDRAWAL', 'DONE', false],
    ['DEPOSIT', 'IN_PROGRESS', false],
  ] as const)('offers retry for a %s in %s: %s', async (flow, status, offered) => {
    detailsApi(['invoice.status.change'], {
      invoice: invoiceWith({
        flowType: { code: flow },
        invoiceStatus: { id: 1, code: status, value: status },
      }),
    });
    await openDetails();
    expect(actions().retry !== null).toBe(offered);
  });

  it.each([
    ['WITHDRAWAL', 'NEW', true],
    ['WITHDRAWAL', 'IN_PROGRESS', true],
    ['WITHDRAWAL', 'DECLINED', true],
    ['WITHDRAWAL', 'PAYED', true],
    ['WITHDRAWAL', 'CANCELED', false],
    ['WITHDRAWAL', 'DONE', false],
    ['DEPOSIT', 'NEW', false],
  ] as const)(
    'offers the invoice’s own merchant’s user retry for a %s in %s: %s, with no permission (SPEC §4)',
    async (flow, status, offered) => {
      detailsApi([], {
        person: { role: 'merchant', merchantId: 3 },
        invoice: invoiceWith({
          merchantId: 3,
          flowType: { code: flow },
          invoiceStatus: { id: 1, code: status, value: status },
        }),
      });
      await openDetails();
      expect(actions().retry !== null).toBe(offered);
    },
  );

  it('does not offer retry to staff without invoice.status.change (the server refuses them)', async () => {
    detailsApi(
      DETAIL_PERMISSIONS.filter((p) => p !== 'invoice.status.change'),
      {
        invoice: invoiceWith({ isTestProcessing: true }),
      },
    );
    await openDetails();
    expect(actions().retry).toBeNull();
    expect(actions().changeStatus).toBeInTheDocument();
  });

  it('offers Send callback with merchant.callback.edit', async () => {
    detailsApi(['merchant.callback.edit']);
    await openDetails();
    expect(actions().sendCallback).toBeInTheDocument();
    expect(sectionToggle(/^Callbacks/)).toBeNull();
  });
});

describe('invoice details: retry and manual callback', () => {
  it('retries a withdrawal, busy while it runs, and toasts success', async () => {
    let release = () => {};
    const api = detailsApi(['invoice.status.change'], {
      routes: {
        'POST /api/v1/invoice/retry': () =>
          new Promise((resolve) => {
            release = () => resolve({ body: { data: invoiceWith() } });
          }),
      },
    });
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-busy', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
    release();
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/invoice/retry')).toEqual([{ invoiceId: INVOICE_ID }]);
  });

  it('lets the merchant’s own user retry its NEW withdrawal', async () => {
    const api = detailsApi([], {
      person: { role: 'merchant', merchantId: 3 },
      invoice: invoiceWith({ merchantId: 3, invoiceStatus: { id: 1, code: 'NEW', value: 'New' } }),
      routes: { 'POST /api/v1/invoice/retry': { body: { data: invoiceWith() } } },
    });
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/invoice/retry')).toEqual([{ invoiceId: INVOICE_ID }]);
  });

  it("toasts the server's message when the retry fails", async () => {
    detailsApi(['invoice.status.change'], {
      routes: {
        'POST /api/v1/invoice/retry': {
          status: 409,
          body: { detail: 'A DONE withdrawal cannot be retried' },
        },
      },
    });
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('A DONE withdrawal cannot be retried')).toBeInTheDocument();
  });

  it('sends a manual callback and refetches the callbacks', async () => {
    const api = detailsApi(['merchant.callback.read', 'merchant.callback.edit'], {
      routes: {
        'POST /api/v1/merchant/callback': {
          status: 201,
          body: {
            data: {
              id: 52,
              status: 'PENDING',
              invoiceStatus: 'IN_PROGRESS',
              createDate: '2026-03-05T16:00:00Z',
              executionDate: null,
              attempts: 0,
              lastResponseCode: null,
              isManual: true,
            },
          },
        },
      },
    });
    const user = userEvent.setup();
    await openDetails();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.startsWith('GET /api/v1/merchant/callback'))).toHaveLength(
        1,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send callback' }));
    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/merchant/callback')).toEqual([
      { invoiceId: INVOICE_ID },
    ]);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.startsWith('GET /api/v1/merchant/callback'))).toHaveLength(
        2,
      ),
    );
  });

  it("toasts the server's message when the callback cannot be sent", async () => {
    detailsApi(['merchant.callback.edit'], {
      routes: {
        'POST /api/v1/merchant/callback': {
          status: 409,
          body: { detail: 'The merchant has no callback URL' },
        },
      },
    });
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Send callback' }));
    expect(await screen.findByText('The merchant has no callback URL')).toBeInTheDocument();
  });
});
