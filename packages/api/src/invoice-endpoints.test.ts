import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoiceStatusEvent } from './api-types.ts';
import { invoiceApi } from './invoice-endpoints.ts';
import { invoiceEventApi } from './invoice-event-endpoints.ts';
import { merchantApi } from './merchant-endpoints.ts';
import { settlementApi } from './settlement-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

const INVOICE_ID = '0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90';

const invoice = (statusCode: string): Invoice => ({
  invoiceId: INVOICE_ID,
  merchantInvoiceId: 'm-1',
  amount: 100_000,
  fee: 0,
  currency: { code: 'UZS', dimension: 2 },
  flowType: { code: 'DEPOSIT' },
  invoiceStatus: { id: 1, code: statusCode, value: statusCode },
  statusDate: '2026-03-01T10:00:00.000Z',
  createdDate: '2026-03-01T09:00:00.000Z',
  isTestProcessing: false,
  customer: { externalId: 'c-1' },
  terminal: { id: 7, name: 'Main' },
});

const statusEvent = (code: string): InvoiceStatusEvent => ({
  status: { code, value: code },
  statusDate: '2026-03-01T10:00:00.000Z',
  userId: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('invoice list query', () => {
  it('repeats statusIds, keeps zero values and drops empty filters', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/invoice': () => data({ items: [], page: 0, size: 10, total: 0 }),
    });
    const { store } = makeStore();

    const result = await store.dispatch(
      invoiceApi.endpoints.getInvoices.initiate({
        statusIds: [1, 2],
        dateFrom: '01/03/2026',
        dateTo: '',
        search: '  ',
        terminalId: undefined,
        flowType: 'WITHDRAWAL',
        sumFrom: 0,
        page: 0,
        size: 10,
        merchantId: 3,
      }),
    );

    expect(result.data).toEqual({ items: [], page: 0, size: 10, total: 0 });
    const url = new URL(requests()[0]?.url ?? '');
    expect(url.searchParams.getAll('statusIds')).toEqual(['1', '2']);
    expect(url.search).toContain('statusIds=1&statusIds=2');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      statusIds: '2',
      dateFrom: '01/03/2026',
      flowType: 'WITHDRAWAL',
      sumFrom: '0',
      page: '0',
      size: '10',
      merchantId: '3',
    });
    expect(requests()[0]?.credentials).toBe('include');
  });

  it('sends no query at all without filters', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/invoice': () => data({ items: [], page: 0, size: 10, total: 0 }),
    });
    const { store } = makeStore();

    await store.dispatch(invoiceApi.endpoints.getInvoices.initiate());

    expect(new URL(requests()[0]?.url ?? '').search).toBe('');
  });
});

describe('invoice cache tags', () => {
  it('a status change refetches the invoice, its status history and the list, not other invoices', async () => {
    let status = 'NEW';
    const { callsTo, requests } = stubFetch({
      'GET /api/v1/invoice': () => data({ items: [invoice(status)], page: 0, size: 10, total: 1 }),
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => data(invoice(status)),
      'GET /api/v1/invoice/other': () => data({ ...invoice('NEW'), invoiceId: 'other' }),
      'GET /api/v1/event/status': () =>
        data(status === 'NEW' ? [statusEvent('NEW')] : [statusEvent('NEW'), statusEvent(status)]),
      'PATCH /api/v1/invoice/status': () => {
        status = 'DONE';
        return data(invoice(status));
      },
    });
    const { store } = makeStore();
    const subscriptions = [
      store.dispatch(invoiceApi.endpoints.getInvoices.initiate({ page: 0, size: 10 })),
      store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_ID })),
      store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: 'other' })),
      store.dispatch(
        invoiceEventApi.endpoints.getInvoiceStatusHistory.initiate({ invoiceId: INVOICE_ID }),
      ),
    ];
    await Promise.all(subscriptions);

    const changed = await store.dispatch(
      invoiceApi.endpoints.changeInvoiceStatus.initiate({ invoiceId: INVOICE_ID, statusId: 3 }),
    );
    expect(changed.data?.invoiceStatus.code).toBe('DONE');
    const body: unknown = await requests()
      .find((request) => request.method === 'PATCH')
      ?.clone()
      .json();
    expect(body).toEqual({ invoiceId: INVOICE_ID, statusId: 3 });

    const invoiceStatus = () =>
      invoiceApi.endpoints.getInvoice.select({ invoiceId: INVOICE_ID })(store.getState()).data
        ?.invoiceStatus.code;
    const history = () =>
      invoiceEventApi.endpoints.getInvoiceStatusHistory.select({ invoiceId: INVOICE_ID })(
        store.getState(),
      ).data;
    const listed = () =>
      invoiceApi.endpoints.getInvoices.select({ page: 0, size: 10 })(store.getState()).data
        ?.items[0]?.invoiceStatus.code;
    await vi.waitFor(() => {
      expect(invoiceStatus()).toBe('DONE');
      expect(history()).toHaveLength(2);
      expect(listed()).toBe('DONE');
    });
    expect(callsTo(`GET /api/v1/invoice/${INVOICE_ID}`)).toBe(2);
    expect(callsTo('GET /api/v1/event/status')).toBe(2);
    expect(callsTo('GET /api/v1/invoice')).toBe(2);
    expect(callsTo('GET /api/v1/invoice/other')).toBe(1);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('one invoice’s own tag refetches its details, not the lists showing it', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/invoice': () => data({ items: [invoice('NEW')], page: 0, size: 10, total: 1 }),
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => data(invoice('DONE')),
    });
    const { store } = makeStore();
    const subscriptions = [
      store.dispatch(invoiceApi.endpoints.getInvoices.initiate({ page: 0, size: 10 })),
      store.dispatch(invoiceApi.endpoints.getInvoices.initiate({ page: 0, size: 50 })),
      store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_ID })),
    ];
    await Promise.all(subscriptions);

    store.dispatch(invoiceApi.util.invalidateTags([{ type: 'Invoice', id: INVOICE_ID }]));

    await vi.waitFor(() => expect(callsTo(`GET /api/v1/invoice/${INVOICE_ID}`)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo('GET /api/v1/invoice')).toBe(2);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('a failed status change refetches nothing', async () => {
    const { callsTo } = stubFetch({
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => data(invoice('NEW')),
      'PATCH /api/v1/invoice/status': () => ({ status: 409, body: { detail: 'not allowed' } }),
    });
    const { store } = makeStore();
    const subscription = store.dispatch(
      invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_ID }),
    );
    await subscription;

    const changed = await store.dispatch(
      invoiceApi.endpoints.changeInvoiceStatus.initiate({ invoiceId: INVOICE_ID, statusId: 3 }),
    );

    expect(changed.error).toMatchObject({ status: 409, data: { detail: 'not allowed' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(`GET /api/v1/invoice/${INVOICE_ID}`)).toBe(1);
    subscription.unsubscribe();
  });

  it('a simulated outcome posts the status and refetches the invoice, its history and the list', async () => {
    let status = 'IN_PROGRESS';
    const { callsTo, requests } = stubFetch({
      'GET /api/v1/invoice': () => data({ items: [invoice(status)], page: 0, size: 10, total: 1 }),
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => data(invoice(status)),
      'GET /api/v1/invoice/other': () => data({ ...invoice('NEW'), invoiceId: 'other' }),
      'GET /api/v1/event/status': () => data([statusEvent('IN_PROGRESS'), statusEvent(status)]),
      'POST /api/v1/invoice/simulate': () => {
        status = 'DECLINED';
        return data(invoice(status));
      },
    });
    const { store } = makeStore();
    const subscriptions = [
      store.dispatch(invoiceApi.endpoints.getInvoices.initiate({ page: 0, size: 10 })),
      store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_ID })),
      store.dispatch(invoiceApi.endpoints.getInvoice.initiate({ invoiceId: 'other' })),
      store.dispatch(
        invoiceEventApi.endpoints.getInvoiceStatusHistory.initiate({ invoiceId: INVOICE_ID }),
      ),
    ];
    await Promise.all(subscriptions);

    const simulated = await store.dispatch(
      invoiceApi.endpoints.simulateInvoice.initiate({ invoiceId: INVOICE_ID, status: 'DECLINED' }),
    );

    expect(simulated.data?.invoiceStatus.code).toBe('DECLINED');
    const post = requests().find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/v1/invoice/simulate');
    expect(await post?.clone().json()).toEqual({ invoiceId: INVOICE_ID, status: 'DECLINED' });
    await vi.waitFor(() => {
      expect(
        invoiceApi.endpoints.getInvoice.select({ invoiceId: INVOICE_ID })(store.getState()).data
          ?.invoiceStatus.code,
      ).toBe('DECLINED');
      expect(
        invoiceApi.endpoints.getInvoices.select({ page: 0, size: 10 })(store.getState()).data
          ?.items[0]?.invoiceStatus.code,
      ).toBe('DECLINED');
    });
    expect(callsTo(`GET /api/v1/invoice/${INVOICE_ID}`)).toBe(2);
    expect(callsTo('GET /api/v1/event/status')).toBe(2);
    expect(callsTo('GET /api/v1/invoice')).toBe(2);
    expect(callsTo('GET /api/v1/invoice/other')).toBe(1);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('a refused simulation refetches nothing and keeps the problem', async () => {
    const { callsTo } = stubFetch({
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => data(invoice('DONE')),
      'POST /api/v1/invoice/simulate': () => ({
        status: 409,
        body: { status: 409, detail: 'A DONE invoice cannot be simulated' },
      }),
    });
    const { store } = makeStore();
    const subscription = store.dispatch(
      invoiceApi.endpoints.getInvoice.initiate({ invoiceId: INVOICE_ID }),
    );
    await subscription;

    const simulated = await store.dispatch(
      invoiceApi.endpoints.simulateInvoice.initiate({ invoiceId: INVOICE_ID, status: 'DONE' }),
    );

    expect(simulated.error).toMatchObject({
      status: 409,
      data: { detail: 'A DONE invoice cannot be simulated' },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(`GET /api/v1/invoice/${INVOICE_ID}`)).toBe(1);
    subscription.unsubscribe();
  });

  it('approving a ticket refetches the tickets of its invoice', async () => {
    let decided = false;
    const ticket = () => ({
      id: 5,
      invoiceId: INVOICE_ID,
      description: 'paid twice',
      createDate: '2026-03-01T10:00:00.000Z',
      status: decided ? { code: 'SOLVED', value: 'Solved' } : { code: 'NEW', value: 'New' },
      issueType: { id: 1, value: 'Other' },
      decidedAt: null,
    });
    const { callsTo } = stubFetch({
      [`GET /api/v1/merchant/support/${INVOICE_ID}`]: () => data([ticket()]),
      'POST /api/v1/merchant/support/approve': () => {
        decided = true;
        return data(ticket());
      },
    });
    const { store } = makeStore();
    const subscription = store.dispatch(
      invoiceEventApi.endpoints.getSupportTickets.initiate({ invoiceId: INVOICE_ID }),
    );
    await subscription;

    await store.dispatch(invoiceEventApi.endpoints.approveTicket.initiate({ ticketId: 5 }));

    await vi.waitFor(() =>
      expect(
        invoiceEventApi.endpoints.getSupportTickets.select({ invoiceId: INVOICE_ID })(
          store.getState(),
        ).data?.[0]?.status.code,
      ).toBe('SOLVED'),
    );
    expect(callsTo(`GET /api/v1/merchant/support/${INVOICE_ID}`)).toBe(2);
    subscription.unsubscribe();
  });

  it('a settlement refetches the balance it changes', async () => {
    let balance = 500_000;
    const { callsTo, requests } = stubFetch({
      'GET /api/v1/merchant/balance': () =>
        data({ balance: [{ sum: balance, currency: { code: 'UZS', dimension: 2 } }] }),
      'POST /api/v1/settlement': () => {
        balance -= 100_000;
        return {
          status: 201,
          body: {
            data: {
              id: 1,
              terminalId: 7,
              merchantId: 3,
              baseAmount: 100_000,
              settlementAmount: 80,
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          },
        };
      },
    });
    const { store } = makeStore();
    const subscription = store.dispatch(
      merchantApi.endpoints.getMerchantBalance.initiate({ terminalId: 7, merchantId: 3 }),
    );
    await subscription;

    await store.dispatch(
      settlementApi.endpoints.createSettlement.initiate({
        baseAmount: 100_000,
        settlementAmount: 80,
        terminalId: 7,
        merchantId: 3,
        idempotencyKey: 'settle-7-once',
      }),
    );

    await vi.waitFor(() =>
      expect(
        merchantApi.endpoints.getMerchantBalance.select({ terminalId: 7, merchantId: 3 })(
          store.getState(),
        ).data?.balance[0]?.sum,
      ).toBe(400_000),
    );
    expect(callsTo('GET /api/v1/merchant/balance')).toBe(2);
    const post = requests().find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').searchParams.get('merchantId')).toBe('3');
    expect(post?.headers.get('Idempotency-Key')).toBe('settle-7-once');
    expect(await post?.clone().json()).toEqual({
      baseAmount: 100_000,
      settlementAmount: 80,
      terminalId: 7,
    });
    subscription.unsubscribe();
  });
});
