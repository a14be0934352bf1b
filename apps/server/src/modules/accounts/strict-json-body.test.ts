import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-errors.ts';
import { strictJsonBody } from './strict-json-body.ts';

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
