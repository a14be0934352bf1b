import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiKey, developerApi, type WebhookEndpoint } from './developer-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

const KEY: ApiKey = {
  id: 4,
  label: 'Shop server',
  publicKey: 'pk_live_4',
  scopes: ['invoices:read'],
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: 'owner',
  lastUsedAt: null,
  revokedAt: null,
};

const ENDPOINT: WebhookEndpoint = {
  id: 9,
  url: 'https://shop.example/hooks',
  description: 'Orders',
  eventTypes: ['invoice.done'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const routeOf = (request: Request | undefined) =>
  request ? `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}` : '';

afterEach(() => vi.unstubAllGlobals());

describe('API keys', () => {
  it('lists with the chosen merchant and refreshes the list after creating and revoking', async () => {
    const { requests, callsTo } = stubFetch({
      'GET /api/v1/developers/api-keys': () => data([KEY]),
      'POST /api/v1/developers/api-keys': () => ({
        status: 201,
        body: { data: { ...KEY, id: 5, secret: 'sk_once' } },
      }),
      'POST /api/v1/developers/api-keys/4/revoke': () =>
        data({ ...KEY, revokedAt: '2026-03-02T00:00:00.000Z' }),
    });
    const { store } = makeStore();
    const list = store.dispatch(developerApi.endpoints.getApiKeys.initiate({ merchantId: 3 }));
    expect((await list).data).toEqual([KEY]);
    expect(routeOf(requests()[0])).toBe('GET /api/v1/developers/api-keys?merchantId=3');

    const created = await store.dispatch(
      developerApi.endpoints.createApiKey.initiate({
        merchantId: 3,
        label: 'CI',
        scopes: ['invoices:read', 'invoices:write'],
      }),
    );
    expect(created.data?.secret).toBe('sk_once');
    expect(await requests()[1]?.json()).toEqual({
      merchantId: 3,
      label: 'CI',
      scopes: ['invoices:read', 'invoices:write'],
    });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/api-keys')).toBe(2));

    await store.dispatch(developerApi.endpoints.revokeApiKey.initiate({ keyId: 4 }));
    expect(callsTo('POST /api/v1/developers/api-keys/4/revoke')).toBe(1);
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/api-keys')).toBe(3));
    list.unsubscribe();
  });

  it('sends no merchantId for a merchant user', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/developers/api-keys': () => data([]),
      'POST /api/v1/developers/api-keys': () => ({ status: 201, body: { data: KEY } }),
    });
    const { store } = makeStore();
    await store.dispatch(developerApi.endpoints.getApiKeys.initiate());
    await store.dispatch(
      developerApi.endpoints.createApiKey.initiate({ label: 'x', scopes: ['invoices:read'] }),
    );
    expect(routeOf(requests()[0])).toBe('GET /api/v1/developers/api-keys');
    expect(await requests()[1]?.json()).toEqual({ label: 'x', scopes: ['invoices:read'] });
  });
});

describe('webhook secrets', () => {
  it('reveals and rotates with the merchant and grace hours; rotating refreshes the list', async () => {
    const { requests, callsTo } = stubFetch({
      'GET /api/v1/developers/webhook-secrets': () => data([]),
      'POST /api/v1/developers/webhook-secrets/reveal': () => data({ secret: 'whsec_a' }),
      'POST /api/v1/developers/webhook-secrets/rotate': () =>
        data({ secret: 'whsec_b', previousExpiresAt: null }),
    });
    const { store } = makeStore();
    const list = store.dispatch(
      developerApi.endpoints.getWebhookSecrets.initiate({ merchantId: 2 }),
    );
    await list;
    const revealed = await store.dispatch(
      developerApi.endpoints.revealWebhookSecret.initiate({ merchantId: 2 }),
    );
    expect(revealed.data).toEqual({ secret: 'whsec_a' });
    expect(await requests()[1]?.json()).toEqual({ merchantId: 2 });
    // Revealing changes nothing listed.
    expect(callsTo('GET /api/v1/developers/webhook-secrets')).toBe(1);

    await store.dispatch(
      developerApi.endpoints.rotateWebhookSecret.initiate({ merchantId: 2, graceHours: 0 }),
    );
    expect(await requests()[2]?.json()).toEqual({ merchantId: 2, graceHours: 0 });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-secrets')).toBe(2));
    list.unsubscribe();
  });
});

describe('webhook endpoints', () => {
  it('creates, changes, tests and deletes with the right methods and bodies', async () => {
    const { requests, callsTo } = stubFetch({
      'GET /api/v1/developers/webhook-endpoints': () => data([ENDPOINT]),
      'POST /api/v1/developers/webhook-endpoints': () => ({
        status: 201,
        body: { data: ENDPOINT },
      }),
      'PATCH /api/v1/developers/webhook-endpoints/9': () => data({ ...ENDPOINT, enabled: false }),
      'POST /api/v1/developers/webhook-endpoints/9/test': () => ({
        status: 202,
        body: { data: { eventId: 'evt_77' } },
      }),
      'POST /api/v1/developers/webhook-endpoints/9/recover': () => ({
        status: 202,
        body: { data: { resent: 2, madeDue: 1, more: false } },
      }),
      'DELETE /api/v1/developers/webhook-endpoints/9': () => data({ ok: true }),
    });
    const { store } = makeStore();
    const list = store.dispatch(developerApi.endpoints.getWebhookEndpoints.initiate());
    await list;

    await store.dispatch(
      developerApi.endpoints.createWebhookEndpoint.initiate({
        url: 'https://a.example',
        description: '',
        eventTypes: ['invoice.created'],
      }),
    );
    expect(await requests()[1]?.json()).toEqual({
      url: 'https://a.example',
      description: '',
      eventTypes: ['invoice.created'],
    });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-endpoints')).toBe(2));

    await store.dispatch(
      developerApi.endpoints.changeWebhookEndpoint.initiate({ endpointId: 9, enabled: false }),
    );
    const patch = requests().find((request) => request.method === 'PATCH');
    expect(await patch?.json()).toEqual({ enabled: false });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-endpoints')).toBe(3));

    const test = await store.dispatch(
      developerApi.endpoints.sendWebhookTestEvent.initiate({ endpointId: 9 }),
    );
    expect(test.data).toEqual({ eventId: 'evt_77' });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-endpoints')).toBe(4));

    const recovered = await store.dispatch(
      developerApi.endpoints.recoverWebhookDeliveries.initiate({
        endpointId: 9,
        since: '2026-03-01T10:00:00.000Z',
      }),
    );
    expect(recovered.data).toEqual({ resent: 2, madeDue: 1, more: false });
    const recover = requests().find((request) => request.url.endsWith('/9/recover'));
    expect(await recover?.json()).toEqual({ since: '2026-03-01T10:00:00.000Z' });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-endpoints')).toBe(5));

    await store.dispatch(developerApi.endpoints.deleteWebhookEndpoint.initiate({ endpointId: 9 }));
    expect(callsTo('DELETE /api/v1/developers/webhook-endpoints/9')).toBe(1);
    await vi.waitFor(() => expect(callsTo('GET /api/v1/developers/webhook-endpoints')).toBe(6));
    list.unsubscribe();
  });
});

describe('events', () => {
  it('pages with filters, opens one and refreshes both after a resend', async () => {
    const { requests, callsTo } = stubFetch({
      'GET /api/v1/developers/events': () => data({ items: [], page: 1, size: 20, total: 0 }),
      'GET /api/v1/developers/events/evt_5': () =>
        data({
          id: 'evt_5',
          type: 'invoice.done',
          invoiceId: null,
          createdAt: '2026-03-01T10:00:00.000Z',
          payload: {},
          deliveries: [],
        }),
      'POST /api/v1/developers/callbacks/31/resend': () => ({
        status: 202,
        body: { data: { callbackId: 32 } },
      }),
    });
    const { store } = makeStore();
    const list = store.dispatch(
      developerApi.endpoints.getWebhookEvents.initiate({
        merchantId: 3,
        type: 'invoice.done',
        invoiceId: '',
        page: 1,
        size: 20,
      }),
    );
    await list;
    expect(routeOf(requests()[0])).toBe(
      'GET /api/v1/developers/events?merchantId=3&type=invoice.done&page=1&size=20',
    );
    const details = store.dispatch(
      developerApi.endpoints.getWebhookEvent.initiate({ eventId: 'evt_5' }),
    );
    expect((await details).data?.id).toBe('evt_5');

    const resent = await store.dispatch(
      developerApi.endpoints.resendCallback.initiate({ callbackId: 31, eventId: 'evt_5' }),
    );
    expect(resent.data).toEqual({ callbackId: 32 });
    await vi.waitFor(() => {
      expect(callsTo('GET /api/v1/developers/events')).toBe(2);
      expect(callsTo('GET /api/v1/developers/events/evt_5')).toBe(2);
    });
    list.unsubscribe();
    details.unsubscribe();
  });
});
