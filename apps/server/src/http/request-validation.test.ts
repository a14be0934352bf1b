import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPlainNumberText, registerRequestValidation } from './request-validation.ts';

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
      expect(response.json().message).toBe('body/amount must be integer');
    }
    const flag = await post('/things/5', { amount: 1, test: 'false' });
    expect(flag.json().message).toBe('body/test must be boolean');
  });

  it('names an unknown property instead of dropping it', async () => {
    const response = await post('/things/5', { amount: 1, amuont: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('body/amuont is not a known property');
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
      expect(response.json().message, url).toBe(message);
    }
  });
});
