import type {
  ApiKey,
  WebhookEndpoint,
  WebhookEventDetails,
  WebhookEventSummary,
  WebhookSecret,
} from '@paygate/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Test data of the Developers screen, shaped as the contract answers (issue 23). */

/** A merchant's own staff: their merchant's keys (merchant 3). */
export const KEYS = ['merchant.keys', 'merchant.read'];
export const OWN_MERCHANT_ID = 3;
/** Merchant staff who may also read balances, so may give a key balance:read (decision 0029). */
export const KEYS_AND_BALANCES = [...KEYS, 'report.read.balance'];
/** A platform administrator: any merchant's keys, the merchant chosen in the header. */
export const KEYS_ALL = ['merchant.keys', 'merchant.rw.all', 'merchant.read'];

export const API_KEYS = 'GET /api/v1/developers/api-keys';
export const CREATE_KEY = 'POST /api/v1/developers/api-keys';
export const SECRETS = 'GET /api/v1/developers/webhook-secrets';
export const REVEAL = 'POST /api/v1/developers/webhook-secrets/reveal';
export const ROTATE = 'POST /api/v1/developers/webhook-secrets/rotate';
export const ENDPOINTS = 'GET /api/v1/developers/webhook-endpoints';
export const CREATE_ENDPOINT = 'POST /api/v1/developers/webhook-endpoints';
export const EVENTS = 'GET /api/v1/developers/events';

export const data = (payload: unknown) => ({ body: { data: payload } });

/**
 * An RFC 9457 problem answer. `message` repeats `detail` while the client still reads the former
 * (packages/api/src/api-errors.ts moves to `detail`).
 */
export const problem = (status: number, detail: string): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title: 'Refused', status, detail, code: 'REFUSED', message: detail },
});

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 4,
  label: 'Shop server',
  publicKey: 'pk_live_4f2a',
  scopes: ['invoices:read', 'invoices:write'],
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: 'owner',
  lastUsedAt: '2026-03-05T14:07:09.000Z',
  revokedAt: null,
  ...overrides,
});

export const REVOKED_KEY = apiKey({
  id: 2,
  label: 'Old CI',
  publicKey: 'pk_live_0ld',
  scopes: ['invoices:read'],
  createdAt: '2026-01-02T08:00:00.000Z',
  createdBy: null,
  lastUsedAt: null,
  revokedAt: '2026-02-01T09:30:00.000Z',
});

export const CURRENT_SECRET: WebhookSecret = {
  id: 8,
  hint: 'whsec_…Xy3Q',
  createdAt: '2026-03-04T12:00:00.000Z',
  expiresAt: null,
};

export const ROTATED_SECRET: WebhookSecret = {
  id: 7,
  hint: 'whsec_…Ab12',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-03-05T12:00:00.000Z',
};

export const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 9,
  url: 'https://shop.example/hooks',
  description: 'Order updates',
  eventTypes: ['invoice.done', 'invoice.declined'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const FAILING_ENDPOINT = endpoint({
  id: 10,
  url: 'https://erp.example/in',
  description: '',
  eventTypes: ['invoice.created'],
  enabled: false,
  disabledReason: 'Every delivery failed for 5 days',
  failingSince: '2026-02-27T06:00:00.000Z',
});

export const SENT_EVENT: WebhookEventSummary = {
  id: 'evt_42',
  type: 'invoice.done',
  invoiceId: '0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90',
  createdAt: '2026-03-05T14:07:09.000Z',
  deliveries: [
    {
      callbackId: 31,
      endpointId: 9,
      url: 'https://shop.example/hooks',
      status: 'SENT',
      attempts: 1,
      lastResponseCode: 200,
    },
    {
      callbackId: 32,
      endpointId: 10,
      url: 'https://erp.example/in',
      status: 'FAILED',
      attempts: 3,
      lastResponseCode: 500,
    },
  ],
};

export const TEST_EVENT: WebhookEventSummary = {
  id: 'evt_41',
  type: 'webhook.test',
  invoiceId: null,
  createdAt: '2026-03-05T13:00:00.000Z',
  deliveries: [],
};

export const EVENT_DETAILS: WebhookEventDetails = {
  ...SENT_EVENT,
  payload: { id: 'evt_42', type: 'invoice.done', data: { invoiceId: SENT_EVENT.invoiceId } },
  deliveries: [
    {
      ...(SENT_EVENT.deliveries[0] as WebhookEventSummary['deliveries'][number]),
      attemptsLog: [
        {
          attemptedAt: '2026-03-05T14:07:10.000Z',
          responseCode: 200,
          durationMs: 84,
          responseExcerpt: '{"ok":true}',
          error: null,
        },
      ],
    },
    {
      ...(SENT_EVENT.deliveries[1] as WebhookEventSummary['deliveries'][number]),
      attemptsLog: [
        {
          attemptedAt: '2026-03-05T14:07:10.000Z',
          responseCode: 500,
          durationMs: 120,
          responseExcerpt: 'Internal error',
          error: null,
        },
        {
          attemptedAt: '2026-03-05T14:08:10.000Z',
          responseCode: null,
          durationMs: 10000,
          responseExcerpt: null,
          error: 'Timed out after 10 s',
        },
      ],
    },
  ],
};

export const eventsPage = (items: WebhookEventSummary[], total = items.length, page = 0) =>
  data({ items, page, size: 10, total });

export const MERCHANTS = data({
  items: [
    { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk_1', terminals: [] },
    { id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_2', terminals: [] },
  ],
  page: 0,
  size: 50,
  total: 2,
});

/** A signed-in person with the permissions, and the Developers calls answering the test data. */
export const developersApi = (
  permissions: string[] = KEYS,
  routes: Record<string, FakeAnswer> = {},
) =>
  fakeApi({
    'GET /api/v1/people/me': {
      body: {
        data: personWith(permissions, {
          merchantId: permissions.includes('merchant.rw.all') ? null : OWN_MERCHANT_ID,
        }),
      },
    },
    'GET /api/v1/merchant': MERCHANTS,
    [API_KEYS]: data([apiKey(), REVOKED_KEY]),
    [SECRETS]: data([CURRENT_SECRET, ROTATED_SECRET]),
    [ENDPOINTS]: data([endpoint(), FAILING_ENDPOINT]),
    [EVENTS]: eventsPage([SENT_EVENT, TEST_EVENT]),
    'GET /api/v1/developers/events/evt_42': data(EVENT_DETAILS),
    ...routes,
  });

/** The calls to a route (`METHOD /path`), with their query. */
export const callsTo = (calls: readonly string[], route: string) =>
  calls.filter((call) => call === route || call.startsWith(`${route}?`));

/** The table its (hidden) caption names, once it is shown. */
export const findTableNamed = (name: string) => screen.findByRole('table', { name });

/** The table row holding `element`, e.g. a cell's text or a row's button. */
export const rowAround = (element: Element): HTMLTableRowElement => {
  const row = element.closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

/** Clicks the button named `button` and finds the dialog it opens, named `dialog`. */
export const openDialog = async (button: string, dialog = button) => {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
};
