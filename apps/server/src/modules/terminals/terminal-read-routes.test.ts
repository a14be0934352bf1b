import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalAttributes, terminalPools } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { createTerminalFixture, type TerminalFixture } from './terminal-test-fixture.ts';

const ATTRIBUTE_TYPE = {
  callbackTimeout: referenceItemId(105, 1),
  displayName: referenceItemId(105, 2),
  autoConfirm: referenceItemId(105, 4),
};

describe.each(TEST_DATABASE_KINDS)('terminal reads on %s', (kind) => {
  let fixture: TerminalFixture;
  let ownDeposits: { id: number };
  let ownPayouts: { id: number };
  let theirs: { id: number };
  let poolId: number;

  beforeAll(async () => {
    fixture = await createTerminalFixture(kind);
    const { db, own, other } = fixture;
    const [pool] = await db
      .insert(terminalPools)
      .values({
        name: 'Main UZS pool',
        statusId: referenceItemId(113, 1),
        typeId: referenceItemId(114, 3),
      })
      .returning();
    poolId = pool?.id ?? 0;
    await db.insert(terminalPools).values({ name: 'Bare pool' });
    ownDeposits = await createTestTerminal(db, own.id, { name: 'UZS in', terminalPoolId: poolId });
    ownPayouts = await createTestTerminal(db, own.id, {
      name: 'RUB out',
      flowType: 'WITHDRAWAL',
      currencyId: currencyId('RUB'),
      isTest: false,
      enabled: false,
    });
    theirs = await createTestTerminal(db, other.id, { name: 'Theirs' });
    // Inserted out of list order: the answer follows reference list 105.
    await db.insert(terminalAttributes).values([
      { terminalId: ownDeposits.id, attributeTypeId: ATTRIBUTE_TYPE.autoConfirm, value: 'true' },
      { terminalId: ownDeposits.id, attributeTypeId: ATTRIBUTE_TYPE.callbackTimeout, value: '30' },
      { terminalId: theirs.id, attributeTypeId: ATTRIBUTE_TYPE.displayName, value: 'Secret' },
    ]);
  });
  afterAll(async () => fixture?.close());

  describe('GET /api/v1/terminal', () => {
    it('lists the merchant’s own terminals with the SPEC §3 fields', async () => {
      const response = await fixture.call('GET', '/api/v1/terminal', 'merchant');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        {
          id: ownDeposits.id,
          name: 'UZS in',
          paymentFlow: 'DEPOSIT',
          currency: { id: currencyId('UZS'), code: 'UZS', dimension: 2 },
          isTest: true,
          enable: true,
          merchantId: fixture.own.id,
          terminalPoolId: poolId,
        },
        {
          id: ownPayouts.id,
          name: 'RUB out',
          paymentFlow: 'WITHDRAWAL',
          currency: { id: currencyId('RUB'), code: 'RUB', dimension: 2 },
          isTest: false,
          enable: false,
          merchantId: fixture.own.id,
          terminalPoolId: null,
        },
      ]);
    });

    it('needs no permission but a session', async () => {
      // Support has no terminal permission at all: the Terminals screen is for everyone.
      expect((await fixture.call('GET', '/api/v1/terminal', 'support')).statusCode).toBe(200);
      expect((await fixture.call('GET', '/api/v1/terminal')).statusCode).toBe(401);
    });

    it('shows every merchant to merchant.rw.all holders, or the chosen one', async () => {
      const all = await fixture.call('GET', '/api/v1/terminal', 'support');
      expect(all.json().data.map((terminal: { id: number }) => terminal.id)).toEqual([
        ownDeposits.id,
        ownPayouts.id,
        theirs.id,
      ]);
      const chosen = await fixture.call(
        'GET',
        `/api/v1/terminal?merchantId=${fixture.other.id}`,
        'support',
      );
      expect(chosen.json().data.map((terminal: { name: string }) => terminal.name)).toEqual([
        'Theirs',
      ]);
    });

    it('never lists another merchant’s terminals to a merchant user', async () => {
      const response = await fixture.call(
        'GET',
        `/api/v1/terminal?merchantId=${fixture.other.id}`,
        'merchant',
      );
      expect(response.statusCode).toBe(404);
      const theirsOnly = await fixture.call('GET', '/api/v1/terminal', 'otherMerchant');
      expect(theirsOnly.json().data.map((terminal: { id: number }) => terminal.id)).toEqual([
        theirs.id,
      ]);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])(
      'refuses merchantId=%s with 400',
      async (id) => {
        const response = await fixture.call('GET', `/api/v1/terminal?merchantId=${id}`, 'support');
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toContain('merchantId');
      },
    );
  });

  describe('GET /api/v1/terminal/:id', () => {
    it('gives the terminal with its attributes to terminal.attr.read holders', async () => {
      const response = await fixture.call('GET', `/api/v1/terminal/${ownDeposits.id}`, 'merchant');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ id: ownDeposits.id, name: 'UZS in', terminalPoolId: poolId });
      expect(data.attributes).toEqual([
        {
          id: expect.any(Number),
          attributeId: ATTRIBUTE_TYPE.callbackTimeout,
          value: '30',
          attrType: {
            id: ATTRIBUTE_TYPE.callbackTimeout,
            value: 'Callback timeout, seconds',
            code: 'CALLBACK_TIMEOUT',
          },
          paramType: { code: 'I' },
        },
        {
          id: expect.any(Number),
          attributeId: ATTRIBUTE_TYPE.autoConfirm,
          value: 'true',
          attrType: {
            id: ATTRIBUTE_TYPE.autoConfirm,
            value: 'Confirm payments automatically',
            code: 'AUTO_CONFIRM',
          },
          paramType: { code: 'B' },
        },
      ]);
    });

    it('leaves attributes out for people without terminal.attr.read', async () => {
      const response = await fixture.call('GET', `/api/v1/terminal/${ownDeposits.id}`, 'support');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.name).toBe('UZS in');
      expect(response.json().data).not.toHaveProperty('attributes');
    });

    it('gives an empty list for a terminal without attributes', async () => {
      const response = await fixture.call('GET', `/api/v1/terminal/${ownPayouts.id}`, 'merchant');
      expect(response.json().data.attributes).toEqual([]);
    });

    it('answers 404 for another merchant’s terminal and an unknown one alike', async () => {
      const foreign = await fixture.call('GET', `/api/v1/terminal/${theirs.id}`, 'merchant');
      const unknown = await fixture.call('GET', '/api/v1/terminal/999999', 'merchant');
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      // The same problem, but for the request id of each answer.
      expect({ ...foreign.json(), requestId: '' }).toEqual({ ...unknown.json(), requestId: '' });
      expect(foreign.body).not.toContain('Secret');
      // A merchant.rw.all holder who chose a merchant sees only that merchant's terminals.
      const outsideChoice = await fixture.call(
        'GET',
        `/api/v1/terminal/${theirs.id}?merchantId=${fixture.own.id}`,
        'operator',
      );
      expect(outsideChoice.statusCode).toBe(404);
      const operator = await fixture.call('GET', `/api/v1/terminal/${theirs.id}`, 'operator');
      expect(operator.json().data.attributes[0].value).toBe('Secret');
    });

    it.each(['abc', '0', '1.5', '2147483648'])('refuses id %s with 400', async (id) => {
      expect((await fixture.call('GET', `/api/v1/terminal/${id}`, 'merchant')).statusCode).toBe(
        400,
      );
    });

    it('needs a session', async () => {
      expect((await fixture.call('GET', `/api/v1/terminal/${ownDeposits.id}`)).statusCode).toBe(
        401,
      );
    });
  });

  describe('GET /api/v1/terminal/pool', () => {
    it('lists the pools with status and type for the pool report', async () => {
      const response = await fixture.call('GET', '/api/v1/terminal/pool', 'operator');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: expect.any(Number), name: 'Bare pool', status: null, type: null },
        {
          id: poolId,
          name: 'Main UZS pool',
          status: { id: referenceItemId(113, 1), value: 'Active', code: 'ACTIVE' },
          type: { id: referenceItemId(114, 3), value: 'Mixed', code: 'MIXED' },
        },
      ]);
    });

    it('is not taken for a terminal id, and needs report.read.pool.balance', async () => {
      expect((await fixture.call('GET', '/api/v1/terminal/pool', 'merchant')).statusCode).toBe(403);
      expect((await fixture.call('GET', '/api/v1/terminal/pool', 'support')).statusCode).toBe(403);
      expect((await fixture.call('GET', '/api/v1/terminal/pool')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/provider', () => {
    it('lists the providers by name for the provider report', async () => {
      const response = await fixture.call('GET', '/api/v1/provider', 'operator');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: expect.any(Number), name: 'RU P2P network', code: 'RU_P2P' },
        { id: expect.any(Number), name: 'Sandbox provider', code: 'SANDBOX' },
        { id: expect.any(Number), name: 'Uzcard P2P', code: 'UZCARD_P2P' },
      ]);
    });

    it('is open to people.account holders (account creation) too', async () => {
      const response = await fixture.call('GET', '/api/v1/provider', 'accountant');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(3);
    });

    it('is 403 without either permission and 401 without a session', async () => {
      expect((await fixture.call('GET', '/api/v1/provider', 'merchant')).statusCode).toBe(403);
      expect((await fixture.call('GET', '/api/v1/provider', 'support')).statusCode).toBe(403);
      expect((await fixture.call('GET', '/api/v1/provider')).statusCode).toBe(401);
    });
  });
});
