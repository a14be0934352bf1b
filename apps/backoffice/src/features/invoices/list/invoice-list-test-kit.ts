/** Fixtures of the invoice list tests: the API answers and how to read the calls made. */
import type { InvoiceListItem } from '@paygate/api';
import { screen } from '@testing-library/react';
import { type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { personWith, renderApp } from '../../../testing/render-app.tsx';

export const INVOICE_A = '0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90';
export const INVOICE_B = '5d1e0a9b-2c3f-4e5d-8a7b-6c9d0e1f2a3b';

/** The payment status reference list (header 201) as the server seeds it. */
export const PAYMENT_STATUSES = [
  { id: 1, value: 'New', code: 'NEW' },
  { id: 2, value: 'In progress', code: 'IN_PROGRESS' },
  { id: 3, value: 'Done', code: 'DONE' },
  { id: 4, value: 'Payed', code: 'PAYED' },
  { id: 5, value: 'Declined', code: 'DECLINED' },
  { id: 6, value: 'Canceled', code: 'CANCELED' },
];

export const invoiceItem = (overrides: Partial<InvoiceListItem> = {}): InvoiceListItem => ({
  invoiceId: INVOICE_A,
  merchantInvoiceId: 'ORD-1',
  amount: 150_050,
  fee: 0,
  currency: { code: 'UZS', dimension: 2 },
  flowType: { code: 'DEPOSIT' },
  invoiceStatus: { id: 3, code: 'DONE', value: 'Done' },
  statusDate: '2026-03-05T14:09:30.000Z',
  createdDate: '2026-03-05T14:07:09.000Z',
  isTestProcessing: false,
  customer: { externalId: 'cust-1' },
  terminal: { id: 7, name: 'UZS deposits' },
  ...overrides,
});

/** GET /api/v1/invoice answer. */
export const invoicePage = (items: InvoiceListItem[], total = items.length, totalExact = true) => ({
  body: { data: { items, page: 0, size: 10, total, totalExact } },
});

/**
 * Renders the app at `path` as a person with `permissions`, with the list's calls stubbed;
 * `terminalId` is the header's terminal, chosen earlier in the tab.
 */
export const renderInvoiceList = (
  path = '/invoices',
  {
    permissions = [],
    routes = {},
    terminalId = '',
  }: { permissions?: string[]; routes?: Record<string, FakeAnswer>; terminalId?: string } = {},
) => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    'GET /api/v1/terminal': { body: { data: [] } },
    'GET /api/v1/reference': { body: { data: PAYMENT_STATUSES } },
    'GET /api/v1/invoice': invoicePage([]),
    ...routes,
  });
  const app = renderApp(path, { terminalId });
  return { api, ...app };
};

/** The screen has loaded (the route is lazy, so the first render can take a moment). */
export const findListHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 5000 });

const LIST_CALL = /^GET \/api\/v1\/invoice(\?|$)/;

/** The queries of every GET /api/v1/invoice made so far. */
export const listQueries = (calls: readonly string[]): URLSearchParams[] =>
  calls
    .filter((call) => LIST_CALL.test(call))
    .map((call) => new URLSearchParams(call.split('?')[1] ?? ''));

/** The query of the last GET /api/v1/invoice, as sorted `name=value` pairs. */
export const lastListQuery = (calls: readonly string[]): string[] =>
  [...(listQueries(calls).at(-1) ?? [])].map(([name, value]) => `${name}=${value}`).sort();
