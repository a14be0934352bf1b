import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BalanceTransaction, CreateInvoiceBody, Invoice } from './merchant-api-types.ts';
import { PaygateApiError } from './paygate-api-error.ts';
import { type FetchLike, PaygateClient } from './paygate-client.ts';

const KEY = Buffer.alloc(32, 7);
const SECRET = `sk_${KEY.toString('base64')}`;
const API_KEY = 'pk_0123456789abcdef0123456789abcdef';
const NOW = new Date('2025-11-23T09:12:44.120Z');
const NOW_SECONDS = '1763889164';

interface SentRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = Response | Error | ((request: SentRequest) => Response);

/** A fetch that records what it is sent and answers from a script, in order. */
const fakeFetch = (...answers: Answer[]) => {
  const sent: SentRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request = {
      url: new URL(url),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : '',
    };
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${request.method} ${url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { fetch, sent };
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const problem = (status: number, fields: Record<string, unknown>, headers = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Problem', status, ...fields }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

const clientWith = (fetch: FetchLike, options: { baseUrl?: string; maxRetries?: number } = {}) =>
  new PaygateClient({
    baseUrl: options.baseUrl ?? 'https://pay.example.com',
    apiKey: API_KEY,
    secret: SECRET,
    fetch,
    now: () => NOW,
    retryDelayMs: 1,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });

/** What the server checks (apps/server/src/http/signed-request-auth.ts), computed independently. */
const expectSignedAsTheServerChecks = (request: SentRequest) => {
  const pathWithQuery = `${request.url.pathname}${request.url.search}`;
  const expected = createHmac('sha256', KEY)
    .update(`${request.headers['x-timestamp']}.${request.method}.${pathWithQuery}.${request.body}`)
    .digest('hex');
  expect(request.headers).toMatchObject({
    'x-api-key': API_KEY,
    'x-timestamp': NOW_SECONDS,
    'x-signature': expected,
  });
};

const BODY: CreateInvoiceBody = {
  flowType: 'DEPOSIT',
  terminalId: 12,
  amount: 150_000,
  currency: 'UZS',
  merchantInvoiceId: 'ORD-100017',
  customer: { externalId: 'user-881' },
};

const invoice = (invoiceId: string, overrides: Partial<Invoice> = {}): Invoice => ({
  invoiceId,
  merchantInvoiceId: `ORD-${invoiceId}`,
  flowType: 'DEPOSIT',
  status: 'NEW',
  amount: 150_000,
  fee: 0,
  currency: 'UZS',
  terminalId: 12,
  paymentMethodName: null,
  canChangeAmount: false,
  maxAmount: null,
  isTest: true,
  formId: 'kQ3vN0Jd3m9lJw8mZrQ1uYpD6xT2aHcE',
  paymentUrl: 'https://pay.example.com/payment/kQ3vN0Jd3m9lJw8mZrQ1uYpD6xT2aHcE',
  customer: { externalId: 'user-881', firstName: '', lastName: '' },
  successUrl: null,
  cancelUrl: null,
  errorUrl: null,
  callbackUrl: null,
  createdAt: NOW.toISOString(),
  statusDate: NOW.toISOString(),
  expiresAt: NOW.toISOString(),
  ...overrides,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('PaygateClient', () => {
  describe('createInvoice', () => {
    it('POSTs the body signed, with a random Idempotency-Key, and returns the invoice', async () => {
      const created = invoice('7c9e6679-7425-40de-944b-e07fc1f90ae7');
      const { fetch, sent } = fakeFetch(json(201, { data: created }));

      const result = await clientWith(fetch).createInvoice(BODY);

      expect(result).toEqual({
        invoice: created,
        replayed: false,
        idempotencyKey: expect.any(String),
      });
      expect(result.idempotencyKey).toMatch(UUID);
      const [request] = sent;
      if (!request) throw new Error('nothing sent');
      expect(request.method).toBe('POST');
      expect(request.url.href).toBe('https://pay.example.com/api/merchant/v1/invoices');
      expect(JSON.parse(request.body)).toEqual(BODY);
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        'idempotency-key': result.idempotencyKey,
      });
      expectSignedAsTheServerChecks(request);
    });

    it('sends the caller’s Idempotency-Key and reports a replayed answer', async () => {
      const created = invoice('7c9e6679-7425-40de-944b-e07fc1f90ae7');
      const { fetch, sent } = fakeFetch(
        json(201, { data: created }, { 'idempotent-replayed': 'true' }),
      );

      const result = await clientWith(fetch).createInvoice(BODY, {
        idempotencyKey: 'create-ORD-100017',
      });

      expect(result).toEqual({
        invoice: created,
        replayed: true,
        idempotencyKey: 'create-ORD-100017',
      });
      expect(sent[0]?.headers['idempotency-key']).toBe('create-ORD-100017');
    });

    it('makes a new key per call', async () => {
      const { fetch, sent } = fakeFetch(
        json(201, { data: invoice('a') }),
        json(201, { data: invoice('b') }),
      );
      const client = clientWith(fetch);
      await client.createInvoice(BODY);
      await client.createInvoice({ ...BODY, merchantInvoiceId: 'ORD-100018' });
      expect(sent[0]?.headers['idempotency-key']).not.toBe(sent[1]?.headers['idempotency-key']);
    });

    it('retries a dropped connection and a 503 with the same key, signed afresh', async () => {
      const created = invoice('7c9e6679-7425-40de-944b-e07fc1f90ae7');
      const { fetch, sent } = fakeFetch(
        new TypeError('fetch failed'),
        problem(503, { code: 'service_unavailable', detail: 'Try again', requestId: 'r-1' }),
        json(201, { data: created }, { 'idempotent-replayed': 'true' }),
      );

      const result = await clientWith(fetch).createInvoice(BODY);

      expect(result).toMatchObject({ invoice: created, replayed: true });
      expect(sent).toHaveLength(3);
      expect(new Set(sent.map((request) => request.headers['idempotency-key']))).toEqual(
        new Set([result.idempotencyKey]),
      );
      for (const request of sent) expectSignedAsTheServerChecks(request);
    });

    it('retries while the same key is still in progress (409), not when it was reused', async () => {
      const inProgress = fakeFetch(
        problem(409, {
          code: 'idempotency_key_in_progress',
          detail: 'in progress',
          requestId: 'r',
        }),
        json(201, { data: invoice('a') }),
      );
      await expect(clientWith(inProgress.fetch).createInvoice(BODY)).resolves.toMatchObject({
        replayed: false,
      });
      expect(inProgress.sent).toHaveLength(2);

      const raced = fakeFetch(
        problem(409, { code: 'concurrent_change', detail: 'at the same moment', requestId: 'r-3' }),
        json(201, { data: invoice('b') }),
      );
      await expect(clientWith(raced.fetch).createInvoice(BODY)).resolves.toMatchObject({
        replayed: false,
      });
      expect(raced.sent).toHaveLength(2);

      const reused = fakeFetch(
        problem(409, {
          code: 'idempotency_key_reused',
          detail: 'Idempotency-Key was used with a different request',
          requestId: 'r-2',
        }),
      );
      await expect(clientWith(reused.fetch).createInvoice(BODY)).rejects.toMatchObject({
        status: 409,
        code: 'idempotency_key_reused',
      });
      expect(reused.sent).toHaveLength(1);
    });

    it('rethrows the network error once the retries are spent', async () => {
      const failure = new TypeError('fetch failed');
      const { fetch, sent } = fakeFetch(failure, failure, failure);
      await expect(clientWith(fetch).createInvoice(BODY)).rejects.toBe(failure);
      expect(sent).toHaveLength(3);

      const once = fakeFetch(failure);
      await expect(clientWith(once.fetch, { maxRetries: 0 }).createInvoice(BODY)).rejects.toBe(
        failure,
      );
    });
  });

  describe('errors', () => {
    it('throws a PaygateApiError from the problem body, field errors included', async () => {
      const { fetch } = fakeFetch(
        problem(
          400,
          {
            title: 'Bad Request',
            detail: 'body/amount must be integer',
            code: 'validation_failed',
            requestId: '5b0f3c1e-8a57-4f6e-9d43-0c8f5d1b2a77',
            errors: [{ location: 'body', field: '/amount', message: 'must be integer' }],
          },
          { 'request-id': '5b0f3c1e-8a57-4f6e-9d43-0c8f5d1b2a77' },
        ),
      );

      const error = await clientWith(fetch)
        .createInvoice(BODY)
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(PaygateApiError);
      expect(error).toMatchObject({
        name: 'PaygateApiError',
        status: 400,
        code: 'validation_failed',
        detail: 'body/amount must be integer',
        errors: [{ location: 'body', field: '/amount', message: 'must be integer' }],
        requestId: '5b0f3c1e-8a57-4f6e-9d43-0c8f5d1b2a77',
        message:
          'Paygate API 400 validation_failed: body/amount must be integer (request 5b0f3c1e-8a57-4f6e-9d43-0c8f5d1b2a77)',
      });
    });

    it('takes the request id from the Request-Id header when the body has none', async () => {
      const { fetch } = fakeFetch(
        problem(404, { code: 'not_found', detail: 'Invoice not found' }, { 'request-id': 'req-9' }),
      );
      await expect(clientWith(fetch).getInvoice('missing')).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
        detail: 'Invoice not found',
        errors: [],
        requestId: 'req-9',
      });
    });

    it('still throws a PaygateApiError for an answer that is not a problem (a proxy’s 502)', async () => {
      const proxyPage = () =>
        new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
      const { fetch, sent } = fakeFetch(proxyPage(), proxyPage(), proxyPage());
      await expect(clientWith(fetch).listInvoices()).rejects.toMatchObject({
        status: 502,
        code: undefined,
        detail: '<html>Bad Gateway</html>',
        requestId: undefined,
      });
      expect(sent).toHaveLength(3);
    });

    it('waits as long as Retry-After says (429)', async () => {
      const { fetch, sent } = fakeFetch(
        problem(
          429,
          { code: 'rate_limited', detail: 'Slow down', requestId: 'r' },
          { 'retry-after': '0' },
        ),
        json(200, { data: [], has_more: false }),
      );
      await expect(clientWith(fetch).listInvoices()).resolves.toEqual({
        data: [],
        has_more: false,
      });
      expect(sent).toHaveLength(2);
    });
  });

  describe('reading', () => {
    it('GETs one invoice by its id, signed with an empty body', async () => {
      const found = invoice('7c9e6679-7425-40de-944b-e07fc1f90ae7');
      const { fetch, sent } = fakeFetch(json(200, { data: found }));

      await expect(clientWith(fetch).getInvoice(found.invoiceId)).resolves.toEqual(found);

      const [request] = sent;
      if (!request) throw new Error('nothing sent');
      expect(request.method).toBe('GET');
      expect(request.url.pathname).toBe(`/api/merchant/v1/invoices/${found.invoiceId}`);
      expect(request.body).toBe('');
      expect(request.headers['content-type']).toBeUndefined();
      expect(request.headers['idempotency-key']).toBeUndefined();
      expectSignedAsTheServerChecks(request);
    });

    it('sends the filters as the query (repeated status, dates in ISO) and signs it as sent', async () => {
      const { fetch, sent } = fakeFetch(json(200, { data: [], has_more: false }));

      await clientWith(fetch, { baseUrl: 'https://example.com/paygate/' }).listInvoices({
        status: ['DONE', 'DECLINED'],
        flowType: 'DEPOSIT',
        createdFrom: new Date('2025-11-01T00:00:00Z'),
        createdTo: '2025-12-01T00:00:00+05:00',
        merchantInvoiceId: 'ORD 17/a',
        limit: 50,
      });

      const [request] = sent;
      if (!request) throw new Error('nothing sent');
      expect(`${request.url.pathname}${request.url.search}`).toBe(
        '/paygate/api/merchant/v1/invoices?status=DONE&status=DECLINED&flowType=DEPOSIT' +
          '&createdFrom=2025-11-01T00%3A00%3A00.000Z&createdTo=2025-12-01T00%3A00%3A00%2B05%3A00' +
          '&merchantInvoiceId=ORD%2017%2Fa&limit=50',
      );
      expectSignedAsTheServerChecks(request);
    });

    it('iterates over every invoice, page after page, keeping the filters', async () => {
      const pages = [
        { data: [invoice('a'), invoice('b')], has_more: true },
        { data: [invoice('c'), invoice('d')], has_more: true },
        { data: [invoice('e')], has_more: false },
      ];
      const { fetch, sent } = fakeFetch(...pages.map((page) => json(200, page)));

      const seen: string[] = [];
      for await (const item of clientWith(fetch).invoices({ status: ['DONE'], limit: 2 })) {
        seen.push(item.invoiceId);
      }

      expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(sent.map((request) => request.url.search)).toEqual([
        '?status=DONE&limit=2',
        '?status=DONE&limit=2&starting_after=b',
        '?status=DONE&limit=2&starting_after=d',
      ]);
      for (const request of sent) expectSignedAsTheServerChecks(request);
    });

    it('stops asking when the caller stops iterating', async () => {
      const { fetch, sent } = fakeFetch(
        json(200, { data: [invoice('a'), invoice('b')], has_more: true }),
      );
      for await (const item of clientWith(fetch).invoices()) {
        if (item.invoiceId === 'a') break;
      }
      expect(sent).toHaveLength(1);
    });

    it('lists events and iterates over them by their ids', async () => {
      const event = (id: string) => ({
        id,
        type: 'invoice.created',
        invoiceId: 'a',
        createdAt: NOW.toISOString(),
        payload: { type: 'invoice.created', timestamp: NOW.toISOString(), data: {} },
        deliveries: [],
      });
      const { fetch, sent } = fakeFetch(
        json(200, { data: [event('evt_3')], has_more: true }),
        json(200, { data: [event('evt_3'), event('evt_2')], has_more: true }),
        json(200, { data: [event('evt_1')], has_more: false }),
      );
      const client = clientWith(fetch);

      await expect(client.listEvents({ type: 'invoice.created', limit: 1 })).resolves.toEqual({
        data: [event('evt_3')],
        has_more: true,
      });
      const ids: string[] = [];
      for await (const item of client.events({ invoiceId: 'a' })) ids.push(item.id);

      expect(ids).toEqual(['evt_3', 'evt_2', 'evt_1']);
      expect(sent.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual([
        '/api/merchant/v1/events?type=invoice.created&limit=1',
        '/api/merchant/v1/events?invoiceId=a',
        '/api/merchant/v1/events?invoiceId=a&starting_after=evt_2',
      ]);
    });
  });

  describe('balances', () => {
    const balanceTransaction = (
      id: string,
      overrides: Partial<BalanceTransaction> = {},
    ): BalanceTransaction => ({
      id,
      createdAt: NOW.toISOString(),
      currency: 'UZS',
      type: 'invoice',
      terminalId: 12,
      invoiceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      merchantInvoiceId: 'ORD-100017',
      settlementId: null,
      flowType: 'DEPOSIT',
      statusBefore: 'PAYED',
      statusAfter: 'DONE',
      amountBefore: 150_000,
      amountAfter: 150_000,
      feeBefore: 3_000,
      feeAfter: 3_000,
      availableChange: 147_000,
      reservedChange: 0,
      availableAfter: 147_000,
      reservedAfter: 0,
      ...overrides,
    });

    it('GETs the balances, signed with an empty body, and returns them', async () => {
      const balances = [
        { currency: 'RUB', available: 50_000, reserved: 0, updatedAt: NOW.toISOString() },
        { currency: 'UZS', available: 677_000, reserved: 303_000, updatedAt: NOW.toISOString() },
      ];
      const { fetch, sent } = fakeFetch(json(200, { data: balances }));

      await expect(clientWith(fetch).listBalances()).resolves.toEqual(balances);

      const [request] = sent;
      if (!request) throw new Error('nothing sent');
      expect(request.method).toBe('GET');
      expect(request.url.href).toBe('https://pay.example.com/api/merchant/v1/balances');
      expect(request.body).toBe('');
      expect(request.headers['content-type']).toBeUndefined();
      expect(request.headers['idempotency-key']).toBeUndefined();
      expectSignedAsTheServerChecks(request);
    });

    it('throws the refusal of a key without balance:read', async () => {
      const { fetch, sent } = fakeFetch(
        problem(403, {
          code: 'insufficient_scope',
          detail: 'This API key lacks the balance:read scope',
          requestId: 'r-7',
        }),
      );
      const error = await clientWith(fetch)
        .listBalances()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaygateApiError);
      expect(error).toMatchObject({ status: 403, code: 'insufficient_scope', requestId: 'r-7' });
      // A refusal is not retried.
      expect(sent).toHaveLength(1);
    });

    it('lists balance transactions with their filters and iterates over them by their ids', async () => {
      const invoiceId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
      const { fetch, sent } = fakeFetch(
        json(200, { data: [balanceTransaction('btx_9')], has_more: true }),
        json(200, {
          data: [balanceTransaction('btx_9'), balanceTransaction('btx_7')],
          has_more: true,
        }),
        json(200, { data: [balanceTransaction('btx_3')], has_more: false }),
      );
      const client = clientWith(fetch);

      await expect(
        client.listBalanceTransactions({ currency: 'UZS', invoiceId, limit: 1 }),
      ).resolves.toEqual({ data: [balanceTransaction('btx_9')], has_more: true });
      const ids: string[] = [];
      for await (const item of client.balanceTransactions({ currency: 'UZS', limit: 2 })) {
        ids.push(item.id);
      }

      expect(ids).toEqual(['btx_9', 'btx_7', 'btx_3']);
      expect(sent.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual([
        `/api/merchant/v1/balance-transactions?currency=UZS&invoiceId=${invoiceId}&limit=1`,
        '/api/merchant/v1/balance-transactions?currency=UZS&limit=2',
        '/api/merchant/v1/balance-transactions?currency=UZS&limit=2&starting_after=btx_7',
      ]);
      for (const request of sent) {
        expect(request.method).toBe('GET');
        expect(request.body).toBe('');
        expectSignedAsTheServerChecks(request);
      }
    });

    it('sends no query without filters and stops asking when the caller stops iterating', async () => {
      const { fetch, sent } = fakeFetch(
        json(200, {
          data: [balanceTransaction('btx_2'), balanceTransaction('btx_1')],
          has_more: true,
        }),
      );
      for await (const item of clientWith(fetch).balanceTransactions()) {
        if (item.id === 'btx_2') break;
      }
      expect(sent.map((request) => request.url.href)).toEqual([
        'https://pay.example.com/api/merchant/v1/balance-transactions',
      ]);
    });

    it('stops at an empty page, even one that says more follow', async () => {
      const { fetch, sent } = fakeFetch(json(200, { data: [], has_more: true }));
      const ids: string[] = [];
      for await (const item of clientWith(fetch).balanceTransactions({ currency: 'RUB' })) {
        ids.push(item.id);
      }
      expect(ids).toEqual([]);
      expect(sent).toHaveLength(1);
    });
  });

  it('refuses unusable options at once', () => {
    const options = { baseUrl: 'https://pay.example.com', apiKey: API_KEY, secret: SECRET };
    expect(() => new PaygateClient({ ...options, baseUrl: 'ftp://pay.example.com' })).toThrow(
      'baseUrl',
    );
    expect(() => new PaygateClient({ ...options, apiKey: '' })).toThrow('apiKey');
    expect(() => new PaygateClient({ ...options, secret: '' })).toThrow('secret');
  });
});
