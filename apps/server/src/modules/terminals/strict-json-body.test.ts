import { describe, expect, it } from 'vitest';
import { type JsonBodySchema, jsonTypeMismatch } from './strict-json-body.ts';

const schema: JsonBodySchema = {
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
};

describe('jsonTypeMismatch', () => {
  it('accepts a body of exactly the declared types, absent properties included', () => {
    expect(
      jsonTypeMismatch(schema, {
        flag: false,
        amount: 5,
        ratio: 1.5,
        note: null,
        items: [{ id: 1, extra: 'ignored where not closed' }],
      }),
    ).toBeNull();
    expect(jsonTypeMismatch(schema, {})).toBeNull();
    expect(jsonTypeMismatch(schema, { ratio: 2 })).toBeNull();
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
    [{ flagg: true }, "body must NOT have additional properties ('flagg' is not one of them)"],
    [[], 'body must be object'],
    [null, 'body must be object'],
    ['text', 'body must be object'],
  ])('refuses %j: %s', (body, message) => {
    expect(jsonTypeMismatch(schema, body)).toBe(message);
  });

  it('never accepts a non-boolean for a boolean, however coercible', () => {
    for (const value of [null, '', 'true', 'false', 0, 1, [], {}, [true]]) {
      expect(jsonTypeMismatch({ type: 'boolean' }, value)).toBe('body must be boolean');
    }
  });

  it('takes safe integers as integer and number, never a fraction as integer', () => {
    for (const value of [0, -1, 42, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(jsonTypeMismatch({ type: 'integer' }, value)).toBeNull();
      expect(jsonTypeMismatch({ type: 'number' }, value)).toBeNull();
    }
    for (const value of [0.5, -1.25, Number.EPSILON, 1e-300]) {
      expect(jsonTypeMismatch({ type: 'integer' }, value)).toBe('body must be integer');
    }
  });
});
