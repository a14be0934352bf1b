import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import {
  isPlainNumberText,
  isStorableDateTime,
  registerRequestValidation,
} from './request-validation.ts';

describe('plain number text', () => {
  it('takes digits with an optional minus, within the safe range', () => {
    for (const text of ['0', '7', '-12', '2147483648', '9007199254740991']) {
      expect(isPlainNumberText(text, 'integer'), text).toBe(true);
    }
    for (const text of ['1.5', '150.50', '-0.01', '99999999999999999999']) {
      expect(isPlainNumberText(text, 'number'), text).toBe(true);
    }
  });

  it('refuses what only JavaScript reads as a number', () => {
    for (const text of [
      'Infinity',
      '-Infinity',
      'NaN',
      '1e400',
      '4.5e5',
      '0x10',
      '0b1',
      '012',
      ' 12',
      '12 ',
      '+12',
      '',
      '1_000',
      '9007199254740993',
      '1.5',
    ]) {
      expect(isPlainNumberText(text, 'integer'), text).toBe(false);
    }
    expect(isPlainNumberText('1.', 'number')).toBe(false);
    expect(isPlainNumberText('.5', 'number')).toBe(false);
  });
});

describe('request validation', () => {
  const app = Fastify();
  registerErrorHandler(app);
  registerRequestValidation(app);
  app.post(
    '/things/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        querystring: {
          type: 'object',
          properties: { ids: { type: 'array', items: { type: 'integer' } } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['amount'],
          properties: { amount: { type: 'integer' }, test: { type: 'boolean' } },
        },
      },
    },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  it('converts plain query and path text and keeps a valid body as sent', async () => {
    const response = await post('/things/5?ids=1&ids=2', { amount: 250_000, test: false });
    expect(response.json()).toEqual({
      params: { id: 5 },
      query: { ids: [1, 2] },
      body: { amount: 250_000, test: false },
    });
    expect((await post('/things/5?ids=3', { amount: 1 })).json().query).toEqual({ ids: [3] });
  });

  it('refuses body values of another type instead of converting them', async () => {
    for (const amount of ['250000', true, [350_000], '4.5e5', null, 1.5]) {
      const response = await post('/things/5', { amount });
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json().detail).toBe('body/amount must be integer');
    }
    const flag = await post('/things/5', { amount: 1, test: 'false' });
    expect(flag.json().detail).toBe('body/test must be boolean');
  });

  it('names an unknown property instead of dropping it', async () => {
    const response = await post('/things/5', { amount: 1, amuont: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('body/amuont is not a known property');
  });

  it('refuses numbers in the query or path that are not plain digits', async () => {
    for (const [url, message] of [
      ['/things/Infinity', 'params/id must be integer'],
      ['/things/1e3', 'params/id must be integer'],
      ['/things/9007199254740993', 'params/id must be integer'],
      ['/things/5?ids=1&ids=NaN', 'querystring/ids must be integer'],
      ['/things/5?ids=-Infinity', 'querystring/ids must be integer'],
    ] as const) {
      const response = await post(url, { amount: 1 });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toBe(message);
    }
  });
});

describe('formats the database can store', () => {
  const app = Fastify();
  registerErrorHandler(app);
  registerRequestValidation(app);
  app.post(
    '/invoices/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
        querystring: {
          type: 'object',
          properties: { from: { type: 'string', format: 'date-time' } },
        },
        body: {
          type: 'object',
          properties: { otherId: { type: 'string', format: 'uuid' } },
        },
      },
    },
    async () => ({ ok: true }),
  );
  const id = '0b6f3c1e-0000-4000-8000-000000000001';
  const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload });

  it('takes a plain UUID, in either case, and refuses the urn:uuid: form (PostgreSQL does not)', async () => {
    expect((await post(`/invoices/${id}`)).statusCode).toBe(200);
    expect((await post(`/invoices/${id.toUpperCase()}`)).statusCode).toBe(200);
    const urn = await post(`/invoices/urn:uuid:${id}`);
    expect(urn.statusCode).toBe(400);
    expect(urn.json().detail).toBe('params/id must match format "uuid"');
    const inBody = await post(`/invoices/${id}`, { otherId: `urn:uuid:${id}` });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().detail).toBe('body/otherId must match format "uuid"');
  });

  it('refuses date-times outside the years 1 to 9999 or that Date cannot read (no 500)', async () => {
    for (const from of ['2026-11-27T10:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(
        (await post(`/invoices/${id}?from=${encodeURIComponent(from)}`)).statusCode,
        from,
      ).toBe(200);
    }
    for (const from of [
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-23:59',
      '2016-12-31T23:59:60Z',
      'yesterday',
    ]) {
      const response = await post(`/invoices/${id}?from=${encodeURIComponent(from)}`);
      expect(response.statusCode, from).toBe(400);
      expect(response.json().detail, from).toBe('querystring/from must match format "date-time"');
    }
    expect(isStorableDateTime('0000-12-31T23:59:59-01:00')).toBe(true);
    expect(isStorableDateTime('0001-01-01T00:30:00+01:00')).toBe(false);
  });
});

describe('validation problems', () => {
  const app = Fastify({ genReqId: () => 'req-9' });
  registerErrorHandler(app);
  registerRequestValidation(app);
  app.post(
    '/things/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 0 },
            ids: { type: 'array', items: { type: 'integer' } },
            sort: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
        headers: {
          type: 'object',
          required: ['x-shop'],
          properties: { 'x-shop': { type: 'string', pattern: '^[a-z]+$' } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['amount', 'currency'],
          properties: {
            amount: { type: 'integer', minimum: 1 },
            currency: { type: 'string', minLength: 3, maxLength: 3 },
            lines: {
              type: 'array',
              maxItems: 3,
              items: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', minLength: 1 } },
              },
            },
          },
        },
      },
    },
    async () => ({ ok: true }),
  );
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = { 'x-shop': 'a' },
  ) => app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('lists every field error of the body, the detail keeping the first failure’s words', async () => {
    const response = await post('/things/5', {
      amount: '10',
      currency: 'US',
      lines: [{ name: '' }, {}],
      'odd/name~': 1,
      extra: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'body/odd/name~ is not a known property',
      code: 'validation_failed',
      requestId: 'req-9',
      errors: [
        { location: 'body', field: '/odd~1name~0', message: 'is not a known property' },
        { location: 'body', field: '/extra', message: 'is not a known property' },
        { location: 'body', field: '/amount', message: 'must be integer' },
        { location: 'body', field: '/currency', message: 'must NOT have fewer than 3 characters' },
        {
          location: 'body',
          field: '/lines/0/name',
          message: 'must NOT have fewer than 1 characters',
        },
        { location: 'body', field: '/lines/1/name', message: 'is required' },
      ],
    });
  });

  it('names missing properties by their own pointer', async () => {
    const response = await post('/things/5', {});
    expect(response.json()).toMatchObject({
      detail: "body must have required property 'amount'",
      errors: [
        { location: 'body', field: '/amount', message: 'is required' },
        { location: 'body', field: '/currency', message: 'is required' },
      ],
    });
    const notAnObject = await post('/things/5', [1]);
    expect(notAnObject.json()).toMatchObject({
      detail: 'body must be object',
      errors: [{ location: 'body', field: '', message: 'must be object' }],
    });
  });

  it('lists every query error, numbers that are not plain digits among them', async () => {
    const response = await post('/things/5?page=1e3&ids=1&ids=x&ids=Infinity&sort=up', {
      amount: 1,
      currency: 'USD',
    });
    expect(response.json()).toMatchObject({
      detail: 'querystring/page must be integer',
      code: 'validation_failed',
      errors: [
        { location: 'query', field: '/page', message: 'must be integer' },
        { location: 'query', field: '/ids/1', message: 'must be integer' },
        { location: 'query', field: '/ids/2', message: 'must be integer' },
        {
          location: 'query',
          field: '/sort',
          message: 'must be equal to one of the allowed values',
        },
      ],
    });
    const ajvOnly = await post('/things/5?page=-1&sort=up', { amount: 1, currency: 'USD' });
    expect(ajvOnly.json()).toMatchObject({
      detail: 'querystring/page must be >= 0',
      errors: [
        { location: 'query', field: '/page', message: 'must be >= 0' },
        {
          location: 'query',
          field: '/sort',
          message: 'must be equal to one of the allowed values',
        },
      ],
    });
  });

  it('says where path parameters and headers failed', async () => {
    const params = await post('/things/0', { amount: 1, currency: 'USD' });
    expect(params.json()).toMatchObject({
      detail: 'params/id must be >= 1',
      errors: [{ location: 'params', field: '/id', message: 'must be >= 1' }],
    });
    const headers = await post('/things/5', { amount: 1, currency: 'USD' }, { 'x-shop': 'A1' });
    expect(headers.json()).toMatchObject({
      detail: 'headers/x-shop must match pattern "^[a-z]+$"',
      errors: [{ location: 'headers', field: '/x-shop', message: 'must match pattern "^[a-z]+$"' }],
    });
  });

  it('still takes a valid request, and lists at most 100 errors', async () => {
    expect((await post('/things/5?page=2&ids=1', { amount: 1, currency: 'USD' })).json()).toEqual({
      ok: true,
    });
    const flood = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`x${index}`, 1]));
    const response = await post('/things/5', { amount: 1, currency: 'USD', ...flood });
    expect(response.json().errors).toHaveLength(100);
  });
});
