import {
  type InvoiceListArgs,
  invoiceApi,
  invoiceEventApi,
  merchantApi,
  notificationApi,
  referenceApi,
  terminalApi,
} from '@paygate/api';
import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import {
  INVOICE_A,
  INVOICE_B,
  invoiceItem,
  invoicePage,
  PAYMENT_STATUSES,
} from '../invoices/list/invoice-list-test-kit.ts';
import { createLiveCache, type LiveCache, type LiveCacheOptions } from './live-cache.ts';
import type { AlertLiveEvent } from './live-events.ts';
import { alertEvent, invoiceEvent } from './live-test-kit.ts';
import { invoiceListKey } from './new-invoice-match.ts';
import { selectNewInvoiceCount } from './new-invoices-slice.ts';

const FIRST_PAGE: InvoiceListArgs = { page: 0, size: 10 };
const DONE_FILTER: InvoiceListArgs = { page: 0, size: 10, statusIds: [3] };
const SECOND_PAGE: InvoiceListArgs = { page: 1, size: 10 };

const invoice = (status: string) => ({
  ...invoiceItem({ invoiceStatus: { id: 2, code: status, value: status } }),
  merchantId: 3,
});

let cache: LiveCache | undefined;
const unsubscribes: Array<() => void> = [];

afterEach(() => {
  cache?.dispose();
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  vi.unstubAllGlobals();
});

const count = (api: ReturnType<typeof fakeApi>, route: string) =>
  api.calls.filter((call) => call === route || call.startsWith(`${route}?`)).length;

/** A store with the given queries loaded (and kept subscribed, as shown screens keep them). */
const setUp = async ({
  statusesCached = true,
  options = {},
}: {
  statusesCached?: boolean;
  options?: LiveCacheOptions;
} = {}) => {
  const api = fakeApi({
    'GET /api/v1/invoice': invoicePage([
      invoiceItem({ invoiceStatus: { id: 1, code: 'NEW', value: 'New' } }),
      invoiceItem({ invoiceId: INVOICE_B }),
    ]),
    [`GET /api/v1/invoice/${INVOICE_A}`]: { body: { data: invoice('NEW') } },
    'GET /api/v1/event/status': { body: { data: [] } },
    'GET /api/v1/event/invoice': { body: { data: [] } },
    'GET /api/v1/merchant/callback': { body: { data: [] } },
    'GET /api/v1/merchant/balance': { body: { data: { balance: [] } } },
    'GET /api/data/v1/terminal': { body: { data: [] } },
    'GET /api/v1/reference': { body: { data: PAYMENT_STATUSES } },
    'GET /api/v1/notifications': { body: { data: { items: [], hasMore: false, unread: 0 } } },
  });
  const store = createAppStore();
  const keep = <T extends { unsubscribe: () => void }>(subscription: T) => {
    unsubscribes.push(() => subscription.unsubscribe());
    return subscription;
  };
  await Promise.all([
    keep(store.dispatch(invoiceApi.endpoints.getInvoices.initiate(FIRST_PAGE))),
    keep(store.dispatch(invoiceApi.endpoints.getInvoices.initiate(DONE_FILTER))),
    keep(store.dispatch(invoiceApi.endpoints.getInvoices.initiate(SECOND_PAGE))),
    keep(store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_A }))),
    keep(
      store.dispatch(
        invoiceEventApi.endpoints.getInvoiceStatusHistory.initiate({ invoiceId: INVOICE_A }),
      ),
    ),
    keep(
      store.dispatch(
        invoiceEventApi.endpoints.getInvoiceEventLog.initiate({ invoiceId: INVOICE_A }),
      ),
    ),
    keep(
      store.dispatch(
        invoiceEventApi.endpoints.getInvoiceCallbacks.initiate({ invoiceId: INVOICE_A }),
      ),
    ),
    keep(store.dispatch(merchantApi.endpoints.getMerchantBalance.initiate({ merchantId: 3 }))),
    keep(
      store.dispatch(
        terminalApi.endpoints.getTerminalStatistics.initiate({ merchantId: 3, minutes: 60 }),
      ),
    ),
    keep(store.dispatch(notificationApi.endpoints.getNotifications.initiate(undefined))),
  ]);
  if (statusesCached) {
    await keep(
      store.dispatch(
        referenceApi.endpoints.getReferenceList.initiate({
          refHeaderId: REFERENCE_HEADER_IDS.paymentStatus,
        }),
      ),
    );
  }
  api.calls.length = 0;
  cache = createLiveCache(store, options);
  const rowStatus = (args: InvoiceListArgs, invoiceId = INVOICE_A) =>
    invoiceApi.endpoints.getInvoices
      .select(args)(store.getState())
      .data?.items.find((row) => row.invoiceId === invoiceId)?.invoiceStatus;
  return { api, store, cache, rowStatus };
};

describe('live cache: invoice.changed', () => {
  it('changes the status of the invoice in every cached list in place, without a refetch', async () => {
    const { api, store, cache, rowStatus } = await setUp();
    cache.handle(
      'invoice.changed',
      invoiceEvent({
        status: 'DONE',
        statusDate: '2026-03-05T15:00:00.000Z',
        amount: 200_000,
        change: ['invoice.status_changed', 'invoice.done'],
      }),
    );

    for (const args of [FIRST_PAGE, DONE_FILTER, SECOND_PAGE]) {
      expect(rowStatus(args)).toEqual({ id: 3, code: 'DONE', value: 'Done' });
    }
    const row = invoiceApi.endpoints.getInvoices
      .select(FIRST_PAGE)(store.getState())
      .data?.items.find(({ invoiceId }) => invoiceId === INVOICE_A);
    expect(row).toMatchObject({ statusDate: '2026-03-05T15:00:00.000Z', amount: 200_000 });
    // The other row is left alone.
    expect(rowStatus(FIRST_PAGE, INVOICE_B)).toEqual({ id: 3, code: 'DONE', value: 'Done' });
    // The open invoice shows it at once too.
    expect(
      invoiceApi.endpoints.getInvoice.select({ invoiceId: INVOICE_A })(store.getState()).data
        ?.invoiceStatus,
    ).toEqual({ id: 3, code: 'DONE', value: 'Done' });

    await vi.waitFor(() => expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(1));
    expect(count(api, 'GET /api/v1/invoice')).toBe(0);
  });

  it('loads the status names once when they are not cached yet', async () => {
    const { api, cache, rowStatus } = await setUp({ statusesCached: false });
    const statusDate = '2026-03-05T15:00:00.000Z';
    cache.handle('invoice.changed', invoiceEvent({ status: 'IN_PROGRESS', statusDate }));
    cache.handle('invoice.changed', invoiceEvent({ status: 'DECLINED', statusDate }));
    await vi.waitFor(() =>
      expect(rowStatus(FIRST_PAGE)).toEqual({ id: 5, code: 'DECLINED', value: 'Declined' }),
    );
    expect(count(api, 'GET /api/v1/reference')).toBe(1);
  });

  it('does not undo a newer row with a late event', async () => {
    const { cache, rowStatus } = await setUp();
    cache.handle(
      'invoice.changed',
      invoiceEvent({ status: 'IN_PROGRESS', statusDate: '2026-03-05T10:00:00.000Z' }),
    );
    expect(rowStatus(FIRST_PAGE)).toEqual({ id: 1, code: 'NEW', value: 'New' });
  });

  it('refetches the open invoice, its history and callbacks, the figures and Monitoring', async () => {
    const { api, cache } = await setUp();
    cache.handle('invoice.changed', invoiceEvent({ status: 'DONE' }));
    await vi.waitFor(() => {
      expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(1);
      expect(count(api, 'GET /api/v1/event/status')).toBe(1);
      expect(count(api, 'GET /api/v1/event/invoice')).toBe(1);
      expect(count(api, 'GET /api/v1/merchant/callback')).toBe(1);
      expect(count(api, 'GET /api/v1/merchant/balance')).toBe(1);
      expect(count(api, 'GET /api/data/v1/terminal')).toBe(1);
    });
  });

  it('refetches each at most twice for a burst of 100 events (leading and trailing)', async () => {
    const { api, cache } = await setUp();
    for (let index = 0; index < 100; index += 1) {
      cache.handle(
        'invoice.changed',
        invoiceEvent({ status: index % 2 ? 'DONE' : 'IN_PROGRESS', amount: index }),
      );
    }
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/merchant/balance')).toBe(1));
    // The trailing refetch comes a second after the first: waited for, not slept for.
    for (const route of [
      `GET /api/v1/invoice/${INVOICE_A}`,
      'GET /api/v1/event/status',
      'GET /api/v1/event/invoice',
      'GET /api/v1/merchant/callback',
      'GET /api/v1/merchant/balance',
      'GET /api/data/v1/terminal',
    ]) {
      await vi.waitFor(() => expect(count(api, route), route).toBe(2), { timeout: 10_000 });
    }
    expect(count(api, 'GET /api/v1/invoice')).toBe(0);
  });

  it('refetches the open invoice after a load already running, which may predate the change', async () => {
    const { api, store, cache } = await setUp();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.set(`GET /api/v1/invoice/${INVOICE_A}`, async () => {
      await gate;
      return { body: { data: invoice('NEW') } };
    });
    void store.dispatch(
      invoiceApi.endpoints.getInvoice.initiate(
        { invoiceId: INVOICE_A },
        { subscribe: false, forceRefetch: true },
      ),
    );
    await vi.waitFor(() => expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(1));

    api.set(`GET /api/v1/invoice/${INVOICE_A}`, { body: { data: invoice('DONE') } });
    cache.handle('invoice.changed', invoiceEvent({ status: 'DONE' }));
    release();

    await vi.waitFor(() => expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(2));
    await vi.waitFor(() =>
      expect(
        invoiceApi.endpoints.getInvoice.select({ invoiceId: INVOICE_A })(store.getState()).data
          ?.invoiceStatus.code,
      ).toBe('DONE'),
    );
    expect(count(api, 'GET /api/v1/invoice')).toBe(0);
  });

  it('leaves other invoices’ details alone', async () => {
    const { api, cache } = await setUp();
    cache.handle('invoice.changed', invoiceEvent({ invoiceId: 'other', status: 'DONE' }));
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/merchant/balance')).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(0);
    expect(count(api, 'GET /api/v1/event/status')).toBe(0);
    expect(count(api, 'GET /api/v1/merchant/callback')).toBe(0);
  });
});

describe('live cache: callback.attempted', () => {
  it('refetches the callbacks and the event log of its invoice', async () => {
    const { api, cache } = await setUp();
    cache.handle('callback.attempted', {
      callbackId: 51,
      status: 'FAILED',
      responseCode: 500,
      durationMs: 120,
      merchantId: 3,
      invoiceId: INVOICE_A,
      at: '2026-03-05T15:00:00.000Z',
    });
    await vi.waitFor(() => {
      expect(count(api, 'GET /api/v1/merchant/callback')).toBe(1);
      expect(count(api, 'GET /api/v1/event/invoice')).toBe(1);
    });
    expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(0);
    expect(count(api, 'GET /api/v1/merchant/balance')).toBe(0);
  });
});

describe('live cache: invoice.created', () => {
  it('counts a new invoice for the cached first pages it could be on, and refetches no list', async () => {
    const { api, store, cache } = await setUp();
    cache.handle('invoice.created', invoiceEvent({ invoiceId: 'new-1', status: 'NEW' }));
    cache.handle('invoice.created', invoiceEvent({ invoiceId: 'new-2', status: 'NEW' }));

    const counted = (args: InvoiceListArgs) =>
      selectNewInvoiceCount(store.getState(), invoiceListKey(args));
    expect(counted(FIRST_PAGE)).toBe(2);
    // Filtered on DONE: a NEW invoice is not on it; nor on the second page.
    expect(counted(DONE_FILTER)).toBe(0);
    expect(counted(SECOND_PAGE)).toBe(0);

    await vi.waitFor(() => expect(count(api, 'GET /api/v1/merchant/balance')).toBe(1));
    expect(count(api, 'GET /api/v1/invoice')).toBe(0);

    // Loading the list again shows them.
    await store.dispatch(
      invoiceApi.endpoints.getInvoices.initiate(FIRST_PAGE, { forceRefetch: true }),
    );
    expect(counted(FIRST_PAGE)).toBe(0);
  });

  it('skips events it cannot read', async () => {
    const { store, cache } = await setUp();
    cache.handle('invoice.created', { invoiceId: 42 });
    cache.handle('alert.opened', { id: 1 });
    expect(selectNewInvoiceCount(store.getState(), invoiceListKey(FIRST_PAGE))).toBe(0);
  });
});

describe('live cache: resync', () => {
  it('reloads the lists, the open invoice with its history and callbacks, and the figures', async () => {
    const { api, cache } = await setUp();
    cache.resync();
    await vi.waitFor(() => {
      expect(count(api, 'GET /api/v1/invoice')).toBe(3);
      expect(count(api, `GET /api/v1/invoice/${INVOICE_A}`)).toBe(1);
      expect(count(api, 'GET /api/v1/event/status')).toBe(1);
      expect(count(api, 'GET /api/v1/event/invoice')).toBe(1);
      expect(count(api, 'GET /api/v1/merchant/callback')).toBe(1);
      expect(count(api, 'GET /api/v1/merchant/balance')).toBe(1);
      expect(count(api, 'GET /api/v1/notifications')).toBe(1);
    });
  });
});

describe('live cache: alerts', () => {
  it('shows each alert opening and closing, and refetches the notifications', async () => {
    const shown: AlertLiveEvent[] = [];
    const { api, cache } = await setUp({ options: { showAlert: (alert) => shown.push(alert) } });
    const opened = alertEvent();
    cache.handle('alert.opened', opened);
    expect(shown).toEqual([opened]);
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/notifications')).toBe(1));

    const closed = alertEvent({ title: 'Success rate recovered', severity: 'success' });
    cache.handle('alert.closed', closed);
    expect(shown).toEqual([opened, closed]);
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/notifications')).toBe(2), {
      timeout: 2_000,
    });
    // Nothing else is reloaded.
    expect(count(api, 'GET /api/v1/invoice')).toBe(0);
    expect(count(api, 'GET /api/v1/merchant/balance')).toBe(0);
  });

  it('shows alerts without an alert id or terminal (an endpoint disabled)', async () => {
    const shown: AlertLiveEvent[] = [];
    const { cache } = await setUp({ options: { showAlert: (alert) => shown.push(alert) } });
    const { terminalId: _terminalId, ...withoutTerminal } = alertEvent({
      alertId: null,
      kind: 'webhook_endpoint_failing',
      title: 'Webhook endpoint disabled',
      severity: 'error',
      link: '/developers',
    });
    cache.handle('alert.closed', withoutTerminal);
    expect(shown.map((alert) => alert.title)).toEqual(['Webhook endpoint disabled']);
  });

  it('refetches the notifications at most twice for a burst of alerts', async () => {
    const showAlert = vi.fn();
    const { api, cache } = await setUp({ options: { showAlert } });
    for (let index = 0; index < 20; index += 1) {
      cache.handle(
        index % 2 ? 'alert.closed' : 'alert.opened',
        alertEvent({ notificationId: index }),
      );
    }
    expect(showAlert).toHaveBeenCalledTimes(20);
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/notifications')).toBe(1));
    await vi.waitFor(() => expect(count(api, 'GET /api/v1/notifications')).toBe(2), {
      timeout: 10_000,
    });
  });

  it('skips alerts it cannot read', async () => {
    const showAlert = vi.fn();
    const { api, cache } = await setUp({ options: { showAlert } });
    const { title: _title, ...untitled } = alertEvent();
    cache.handle('alert.opened', untitled);
    cache.handle('alert.opened', { ...alertEvent(), body: null });
    cache.handle('alert.closed', { ...alertEvent(), merchantId: '3' });
    cache.handle('alert.closed', { ...alertEvent(), severity: 2 });
    cache.handle('alert.closed', [alertEvent()]);
    cache.handle('alert.closed', null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showAlert).not.toHaveBeenCalled();
    expect(count(api, 'GET /api/v1/notifications')).toBe(0);
  });
});
