import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors.ts';
import { strictJsonBody, strictJsonMismatch } from './strict-json-body.ts';

const schema = {
  additionalProperties: false,
  properties: {
    amount: { type: 'integer' },
    note: { type: ['string', 'null'] },
    flag: { type: 'boolean' },
    anything: {},
  },
} as const;

const check = (body: unknown, unknownMessages?: Record<string, string>) =>
  strictJsonBody(schema, unknownMessages)({ body } as FastifyRequest);

const messageOf = async (promise: Promise<void>) => {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
};

describe('strictJsonBody', () => {
  it('lets bodies of the named JSON types through, absent properties included', async () => {
    expect(
      await messageOf(check({ amount: 5, note: null, flag: false, anything: [1] })),
    ).toBeNull();
    expect(await messageOf(check({ note: 'x' }))).toBeNull();
    expect(await messageOf(check({ amount: 1e20 }))).toBeNull();
  });

  it.each([
    [{ amount: '5' }, 'body/amount must be integer'],
    [{ amount: 5.5 }, 'body/amount must be integer'],
    [{ amount: null }, 'body/amount must be integer'],
    [{ flag: 'true' }, 'body/flag must be boolean'],
    [{ flag: 1 }, 'body/flag must be boolean'],
    [{ note: 5 }, 'body/note must be string,null'],
  ])('refuses what the validator would coerce: %j', async (body, message) => {
    expect(await messageOf(check(body))).toBe(message);
  });

  it('refuses unknown properties, with a message of their own when given', async () => {
    expect(await messageOf(check({ amount: 5, amuont: 5 }))).toBe(
      'body/amuont is not a known property',
    );
    expect(await messageOf(check({ balance: 0 }, { balance: 'balance cannot be set' }))).toBe(
      'balance cannot be set',
    );
    // Inherited names of the message map are not messages.
    expect(await messageOf(check({ constructor: 1 }, {}))).toBe(
      'body/constructor is not a known property',
    );
  });

  it('leaves a body that is not an object to the schema', async () => {
    for (const body of [undefined, null, 'text', 5, [1]]) {
      expect(await messageOf(check(body))).toBeNull();
    }
  });
});

const nestedSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    flag: { type: 'boolean' },
    amount: { type: 'integer' },
    ratio: { type: 'number' },
    note: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' } } },
    },
  },
} as const;

describe('strictJsonMismatch', () => {
  it('accepts a body of exactly the declared types, absent properties included', () => {
    expect(
      strictJsonMismatch(nestedSchema, {
        flag: false,
        amount: 5,
        ratio: 1.5,
        note: null,
        items: [{ id: 1, extra: 'ignored where not closed' }],
      }),
    ).toBeNull();
    expect(strictJsonMismatch(nestedSchema, {})).toBeNull();
    expect(strictJsonMismatch(nestedSchema, { ratio: 2 })).toBeNull();
  });

  it.each([
    [{ flag: null }, 'body/flag must be boolean'],
    [{ flag: '' }, 'body/flag must be boolean'],
    [{ flag: 0 }, 'body/flag must be boolean'],
    [{ flag: 'true' }, 'body/flag must be boolean'],
    [{ amount: '5' }, 'body/amount must be integer'],
    [{ amount: 1.5 }, 'body/amount must be integer'],
    [{ amount: [5] }, 'body/amount must be integer'],
    [{ note: 5 }, 'body/note must be string,null'],
    [{ items: {} }, 'body/items must be array'],
    [{ items: [{ id: '1' }] }, 'body/items/0/id must be integer'],
    [{ items: [{ id: 1 }, null] }, 'body/items/1 must be object'],
    [{ flagg: true }, 'body/flagg is not a known property'],
    [[], 'body must be object'],
    [null, 'body must be object'],
    ['text', 'body must be object'],
  ])('refuses %j: %s', (body, message) => {
    expect(strictJsonMismatch(nestedSchema, body)).toBe(message);
  });

  it('never accepts a non-boolean for a boolean, however coercible', () => {
    for (const value of [null, '', 'true', 'false', 0, 1, [], {}, [true]]) {
      expect(strictJsonMismatch({ type: 'boolean' }, value)).toBe('body must be boolean');
    }
  });

  it('takes safe integers as integer and number, never a fraction as integer', () => {
    for (const value of [0, -1, 42, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(strictJsonMismatch({ type: 'integer' }, value)).toBeNull();
      expect(strictJsonMismatch({ type: 'number' }, value)).toBeNull();
    }
    for (const value of [0.5, -1.25, Number.EPSILON, 1e-300]) {
      expect(strictJsonMismatch({ type: 'integer' }, value)).toBe('body must be integer');
    }
  });
});
