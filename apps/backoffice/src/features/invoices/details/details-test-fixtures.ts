import type { Invoice } from '@paygate/api';
import { type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { personWith } from '../../../testing/render-app.tsx';

export const INVOICE_ID = '3f1c2b9e-8d4a-4c1e-9b2f-6a7d8e9f0a1b';
export const DETAILS_PATH = `/invoices/${INVOICE_ID}`;

/** Every permission the details screen looks at. */
export const DETAIL_PERMISSIONS = [
  'invoice.error.read',
  'invoice.transaction.read',
  'invoice.event.read',
  'merchant.callback.read',
  'merchant.callback.edit',
  'invoice.amount.change',
  'invoice.status.change',
  'invoice.provider.read',
  'invoice.credentials.read',
  'ticket.decision',
];

/** An invoice as GET /api/v1/invoice/{id} answers it. */
export const invoiceWith = (overrides: Partial<Invoice> = {}): Invoice => ({
  invoiceId: INVOICE_ID,
  merchantId: 3,
  merchantInvoiceId: 'M-1001',
  providerInvoiceId: 'PRV-77',
  amount: 150050,
  fee: 1200,
  currency: { code: 'UZS', dimension: 2 },
  flowType: { code: 'WITHDRAWAL' },
  invoiceStatus: { id: 2, code: 'IN_PROGRESS', value: 'In progress' },
  statusDate: '2026-03-05T14:07:09Z',
  createdDate: '2026-03-05T14:00:00Z',
  isTestProcessing: false,
  customer: { externalId: 'user-42', people: { firstName: 'Aziz', lastName: 'Rakhimov' } },
  terminal: { id: 11, name: 'Main UZS' },
  paymentMethod: { id: 1, name: 'Humo' },
  account: { value: '8600123412341234' },
  credentials: { bankName: 'Kapitalbank', owner: 'AZIZ RAKHIMOV', provider: 'Paynet' },
  ...overrides,
});

/** GET /api/v1/reference/currency: the invoices' currency with its limits (minor units). */
export const CURRENCIES = [
  {
    id: 101002,
    name: 'Uzbek sum',
    code: 'UZS',
    dimension: 2,
    minValue: 100,
    maxValue: 5_000_000_000,
  },
];

/** Reference list 201 as the server seeds it. */
export const PAYMENT_STATUSES = [
  { id: 1, code: 'NEW', value: 'New' },
  { id: 2, code: 'IN_PROGRESS', value: 'In progress' },
  { id: 3, code: 'DONE', value: 'Done' },
  { id: 4, code: 'PAYED', value: 'Payed' },
  { id: 5, code: 'DECLINED', value: 'Declined' },
  { id: 6, code: 'CANCELED', value: 'Canceled' },
];

export const STATUS_HISTORY = [
  { status: { code: 'NEW', value: 'New' }, statusDate: '2026-03-05T14:00:00Z', userId: null },
  {
    status: { code: 'IN_PROGRESS', value: 'In progress' },
    statusDate: '2026-03-05T14:07:09Z',
    userId: null,
  },
];

export const ticketWith = (id: number, code: string, value = code) => ({
  id,
  invoiceId: INVOICE_ID,
  description: `Ticket ${id} description`,
  createDate: '2026-03-05T15:00:00Z',
  status: { code, value },
  issueType: null,
  decidedAt: null,
});

const ok = (data: unknown): FakeAnswer => ({ body: { data } });

/**
 * The API of one invoice's details screen for a person with the given permissions (staff, of no
 * merchant, unless `person` says otherwise); `routes` replace or add answers.
 */
export const detailsApi = (
  permissions: string[],
  {
    invoice = invoiceWith(),
    routes = {},
    person = {},
  }: {
    invoice?: Invoice;
    routes?: Record<string, FakeAnswer>;
    person?: Record<string, unknown>;
  } = {},
) =>
  fakeApi({
    'GET /api/v1/people/me': ok(personWith(permissions, person)),
    [`GET /api/v1/invoice/${INVOICE_ID}`]: ok(invoice),
    'GET /api/v1/event/status': ok(STATUS_HISTORY),
    'GET /api/v1/event/error': ok([
      { id: 1, description: 'Provider timeout', eventTime: '2026-03-05T14:05:00Z' },
    ]),
    'GET /api/v1/event/invoice': ok([
      {
        id: 9,
        eventCode: 'INVOICE_CREATED',
        description: 'Invoice created',
        eventTime: '2026-03-05T14:00:00Z',
        userId: null,
        userName: null,
      },
    ]),
    'GET /api/v1/transaction/invoice': ok([
      {
        id: 31,
        status: 'FAILED',
        createDate: '2026-03-05T14:01:00Z',
        statusDate: '2026-03-05T14:02:00Z',
      },
    ]),
    'GET /api/v1/merchant/callback': ok([
      {
        id: 51,
        status: 'SENT',
        invoiceStatus: 'DECLINED',
        createDate: '2026-03-05T14:03:00Z',
        executionDate: '2026-03-05T14:03:30Z',
        attempts: 1,
        lastResponseCode: 200,
        isManual: false,
      },
    ]),
    [`GET /api/v1/merchant/support/${INVOICE_ID}`]: ok([ticketWith(71, 'NEW', 'New')]),
    'GET /api/v1/reference': ok(PAYMENT_STATUSES),
    'GET /api/v1/reference/currency': ok(CURRENCIES),
    ...routes,
  });

/** A promise with its resolve, to hold a fake answer back until the test lets it go. */
export const deferred = <T = void>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};
