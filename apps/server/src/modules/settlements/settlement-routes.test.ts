import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { changeMerchantBalance } from '../balances/merchant-balance-repository.ts';
import { createTerminalFixture, type TerminalFixture } from '../terminals/terminal-test-fixture.ts';
import { terminalBalance } from './settlement-repository.ts';
import { SETTLEMENT_EVENT_CODES } from './settlement-service.ts';

describe.each(TEST_DATABASE_KINDS)('settlements on %s', (kind) => {
  let fixture: TerminalFixture;
  let terminal: Awaited<ReturnType<typeof createTestTerminal>>;
  let theirs: { id: number };

  /** A terminal of the own merchant whose completed, non-test deposits come to `amount`. */
  const fundedTerminal = async (name: string, amount: bigint) => {
    const funded = await createTestTerminal(fixture.db, fixture.own.id, { name });
    await createTestInvoice(fixture.db, funded, { amount, status: 'DONE' });
    return funded;
  };

  beforeAll(async () => {
    fixture = await createTerminalFixture(kind);
    const { db, own } = fixture;
    terminal = await createTestTerminal(db, own.id, { name: 'UZS in' });
    // Available: 1_000_000 + 10_000 - 10_000 + 200_000 - 101_000 - 50_500 - 48_500 = 1_000_000.
    await createTestInvoice(db, terminal, { amount: 1_010_000n, fee: 10_000n, status: 'DONE' });
    await createTestInvoice(db, terminal, { amount: 200_000n, status: 'DONE' });
    // Reported by the provider but not confirmed yet: not money to settle.
    await createTestInvoice(db, terminal, { amount: 300_000n, status: 'PAYED' });
    await createTestInvoice(db, terminal, { amount: 999_999n, status: 'CANCELED' });
    await createTestInvoice(db, terminal, { amount: 888_888n, status: 'DECLINED' });
    await createTestInvoice(db, terminal, { amount: 777_777n, status: 'NEW' });
    // Test money is no money: a hand-set DONE on a test-processing invoice adds nothing.
    await createTestInvoice(db, terminal, {
      amount: 5_000_000n,
      status: 'DONE',
      isTestProcessing: true,
    });
    await createTestInvoice(db, terminal, {
      flowType: 'WITHDRAWAL',
      amount: 100_000n,
      fee: 1_000n,
      status: 'DONE',
    });
    // Under way: held back, it will be paid from this balance.
    await createTestInvoice(db, terminal, {
      flowType: 'WITHDRAWAL',
      amount: 50_000n,
      fee: 500n,
      status: 'IN_PROGRESS',
    });
    const [earlier] = await db
      .insert(settlements)
      .values({
        merchantId: own.id,
        terminalId: terminal.id,
        baseAmount: 48_500n,
        settlementAmount: 3_000_000n,
        createdBy: fixture.personIds.admin,
      })
      .returning();
    // Written around the engine: the balance and its ledger moved as the engine would.
    await db.transaction((tx) =>
      changeMerchantBalance(
        tx,
        { merchantId: own.id, currencyId: terminal.currencyId },
        { available: -48_500n, reserved: 0n },
        {
          requireCover: false,
          cause: {
            kind: 'settlement',
            settlementId: earlier?.id ?? 0,
            terminalId: terminal.id,
            personId: fixture.personIds.admin,
          },
        },
      ),
    );
    const theirTerminal = await createTestTerminal(db, fixture.other.id, { name: 'Theirs' });
    await createTestInvoice(db, theirTerminal, { amount: 9_000_000n, status: 'DONE' });
    theirs = theirTerminal;
  });
  afterAll(async () => fixture?.close());

  const settle = (who: Parameters<TerminalFixture['call']>[2], body: unknown, query = '') =>
    fixture.call('POST', `/api/v1/settlement${query}`, who, body);
  const settledOn = async (terminalId: number) =>
    fixture.db.select().from(settlements).where(eq(settlements.terminalId, terminalId));

  it('computes the available balance the settlement is checked against', async () => {
    expect(await terminalBalance(fixture.db, terminal)).toEqual({
      completed: 1_099_000n,
      pendingWithdrawals: 50_500n,
      settled: 48_500n,
      available: 1_000_000n,
    });
  });

  it('settles part of the balance: 201, the row, and an event', async () => {
    const response = await settle('merchant', {
      baseAmount: 400_000,
      settlementAmount: 32_000_000,
      terminalId: terminal.id,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      terminalId: terminal.id,
      merchantId: fixture.own.id,
      baseAmount: 400_000,
      settlementAmount: 32_000_000,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [row] = await fixture.db.select().from(settlements).where(eq(settlements.id, data.id));
    expect(row).toMatchObject({
      merchantId: fixture.own.id,
      terminalId: terminal.id,
      baseAmount: 400_000n,
      settlementAmount: 32_000_000n,
      createdBy: fixture.personIds.merchant,
    });
    const events = await fixture.events(SETTLEMENT_EVENT_CODES.created, data.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      personId: fixture.personIds.merchant,
      merchantId: fixture.own.id,
      entityType: 'settlement',
    });
    expect(events[0]?.description).toBe(
      `Settlement ${data.id} of 4000.00 UZS for 32.000000 USDT on terminal "UZS in"`,
    );
    expect((await terminalBalance(fixture.db, terminal)).available).toBe(600_000n);
  });

  it('refuses more than the available balance with 409 and a clear message', async () => {
    const before = await settledOn(terminal.id);
    const response = await settle('merchant', {
      baseAmount: 600_001,
      settlementAmount: 1,
      terminalId: terminal.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      "Settlement of 6000.01 UZS exceeds the terminal's available balance of 6000.00 UZS",
    );
    expect(await settledOn(terminal.id)).toHaveLength(before.length);
    expect(await fixture.events(SETTLEMENT_EVENT_CODES.created, 0)).toHaveLength(0);
  });

  it('refuses any settlement on a terminal with nothing to settle', async () => {
    const empty = await createTestTerminal(fixture.db, fixture.own.id, { name: 'Empty' });
    const response = await settle('merchant', {
      baseAmount: 1,
      settlementAmount: 1,
      terminalId: empty.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('available balance of 0.00 UZS');
  });

  it('leaves what queued payouts hold: the merchant’s balance covers a settlement too', async () => {
    const merchant = await createTestMerchant(fixture.db, 'Pays out too');
    const deposits = await createTestTerminal(fixture.db, merchant.id, { name: 'In' });
    await createTestInvoice(fixture.db, deposits, { amount: 1_000_000n, status: 'DONE' });
    const payouts = await createTestTerminal(fixture.db, merchant.id, {
      name: 'Out',
      flowType: 'WITHDRAWAL',
    });
    await createTestInvoice(fixture.db, payouts, { amount: 800_000n, status: 'IN_PROGRESS' });
    const body = (baseAmount: number) => ({
      baseAmount,
      settlementAmount: 1_000_000,
      terminalId: deposits.id,
    });
    const whole = await settle('admin', body(1_000_000));
    expect(whole.statusCode).toBe(409);
    expect(whole.json().detail).toBe(
      "The merchant's available balance of 2000.00 UZS does not cover this settlement of 10000.00 UZS",
    );
    expect(await settledOn(deposits.id)).toEqual([]);
    expect((await settle('admin', body(200_000))).statusCode).toBe(201);
  });

  it('lets parallel settlements spend the balance only once', async () => {
    const funded = await fundedTerminal('Raced', 1_000_000n);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        settle('merchant', { baseAmount: 300_000, settlementAmount: 1, terminalId: funded.id }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const rows = await settledOn(funded.id);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + row.baseAmount, 0n)).toBe(900_000n);
    expect((await terminalBalance(fixture.db, funded)).available).toBe(100_000n);
  });

  it('lets the whole balance be settled exactly, and nothing after', async () => {
    const funded = await fundedTerminal('Drained', 250_000n);
    const all = await settle('merchant', {
      baseAmount: 250_000,
      settlementAmount: 20_000_000,
      terminalId: funded.id,
    });
    expect(all.statusCode).toBe(201);
    const more = await settle('merchant', {
      baseAmount: 1,
      settlementAmount: 1,
      terminalId: funded.id,
    });
    expect(more.statusCode).toBe(409);
  });

  it.each([
    [{ settlementAmount: 1, terminalId: 1 }, "required property 'baseAmount'"],
    [{ baseAmount: 1, terminalId: 1 }, "required property 'settlementAmount'"],
    [{ baseAmount: 1, settlementAmount: 1 }, "required property 'terminalId'"],
    [{ baseAmount: 0, settlementAmount: 1, terminalId: 1 }, 'body/baseAmount must be >= 1'],
    [{ baseAmount: -5, settlementAmount: 1, terminalId: 1 }, 'body/baseAmount must be >= 1'],
    [{ baseAmount: 1, settlementAmount: 0, terminalId: 1 }, 'body/settlementAmount must be >= 1'],
    [{ baseAmount: 1.5, settlementAmount: 1, terminalId: 1 }, 'body/baseAmount must be integer'],
    [{ baseAmount: '100', settlementAmount: 1, terminalId: 1 }, 'body/baseAmount must be integer'],
    [{ baseAmount: null, settlementAmount: 1, terminalId: 1 }, 'body/baseAmount must be integer'],
    [
      { baseAmount: 2 ** 53, settlementAmount: 1, terminalId: 1 },
      'body/baseAmount must be <= 9007199254740991',
    ],
    [
      { baseAmount: 1, settlementAmount: 1e20, terminalId: 1 },
      'body/settlementAmount must be <= 9007199254740991',
    ],
    [{ baseAmount: 1, settlementAmount: 1, terminalId: 'one' }, 'body/terminalId must be integer'],
    [{ baseAmount: 1, settlementAmount: 1, terminalId: 0 }, 'body/terminalId must be >= 1'],
    [
      { baseAmount: 1, settlementAmount: 1, terminalId: 2_147_483_648 },
      'body/terminalId must be <= 2147483647',
    ],
    [
      { baseAmount: 1, settlementAmount: 1, terminalId: 1, currency: 'USDT' },
      'is not a known property',
    ],
    [[], 'body must be object'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const response = await settle('merchant', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(message);
  });

  it('answers 404 for another merchant’s terminal or an unknown one, and settles nothing', async () => {
    const body = { baseAmount: 1_000, settlementAmount: 1, terminalId: theirs.id };
    const foreign = await settle('merchant', body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Terminal not found');
    expect(await settledOn(theirs.id)).toHaveLength(0);
    expect((await settle('merchant', { ...body, terminalId: 999_999 })).statusCode).toBe(404);
    // A merchant.rw.all holder who chose a merchant may not settle another merchant's terminal.
    expect((await settle('admin', body, `?merchantId=${fixture.own.id}`)).statusCode).toBe(404);
    expect((await settle('admin', body)).statusCode).toBe(201);
  });

  describe('with an Idempotency-Key', () => {
    const settleWithKey = (
      who: Parameters<TerminalFixture['call']>[2],
      body: unknown,
      key: string,
    ) => fixture.call('POST', '/api/v1/settlement', who, body, { 'idempotency-key': key });
    const settledEvents = async (terminalId: number) =>
      (
        await Promise.all(
          (
            await settledOn(terminalId)
          ).map(({ id }) => fixture.events(SETTLEMENT_EVENT_CODES.created, id)),
        )
      ).flat();

    it('settles once for a retry of the same request, and answers it with the first settlement', async () => {
      const funded = await fundedTerminal('Retried', 1_000_000n);
      const body = { baseAmount: 300_000, settlementAmount: 20_000_000, terminalId: funded.id };
      const key = crypto.randomUUID();
      const first = await settleWithKey('merchant', body, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();

      const retry = await settleWithKey('merchant', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await settledOn(funded.id)).toHaveLength(1);
      expect(await settledEvents(funded.id)).toHaveLength(1);
      expect((await terminalBalance(fixture.db, funded)).available).toBe(700_000n);

      // Without a key, or with a new one, the same amounts are a new settlement.
      expect((await settle('merchant', body)).statusCode).toBe(201);
      expect((await settleWithKey('merchant', body, crypto.randomUUID())).statusCode).toBe(201);
      expect(await settledOn(funded.id)).toHaveLength(3);
    });

    it('refuses the key with other amounts, another terminal or another person (409), settling nothing', async () => {
      const funded = await fundedTerminal('Keyed', 1_000_000n);
      const other = await fundedTerminal('Keyed too', 1_000_000n);
      const body = { baseAmount: 100_000, settlementAmount: 1, terminalId: funded.id };
      const key = crypto.randomUUID();
      expect((await settleWithKey('merchant', body, key)).statusCode).toBe(201);
      for (const [who, changed] of [
        ['merchant', { ...body, baseAmount: 100_001 }],
        ['merchant', { ...body, settlementAmount: 2 }],
        ['merchant', { ...body, terminalId: other.id }],
        ['admin', body],
      ] as const) {
        const refused = await settleWithKey(who, changed, key);
        expect(refused.statusCode, `${who} ${JSON.stringify(changed)}`).toBe(409);
        expect(refused.json()).toMatchObject({
          detail: 'Idempotency-Key was used with a different request',
          code: 'idempotency_key_reused',
        });
      }
      expect(await settledOn(funded.id)).toHaveLength(1);
      expect(await settledOn(other.id)).toHaveLength(0);
    });

    it('does not use a key up on a refused settlement', async () => {
      const funded = await fundedTerminal('Refused first', 100_000n);
      const key = crypto.randomUUID();
      const tooMuch = { baseAmount: 100_001, settlementAmount: 1, terminalId: funded.id };
      expect((await settleWithKey('merchant', tooMuch, key)).statusCode).toBe(409);
      const fixed = await settleWithKey('merchant', { ...tooMuch, baseAmount: 100_000 }, key);
      expect(fixed.statusCode, fixed.body).toBe(201);
      expect(fixed.headers['idempotent-replayed']).toBeUndefined();
      expect(await settledOn(funded.id)).toHaveLength(1);
    });

    it('settles once for parallel retries with one key: each waits and gets the settlement', async () => {
      const funded = await fundedTerminal('Parallel retries', 1_000_000n);
      const body = { baseAmount: 100_000, settlementAmount: 1, terminalId: funded.id };
      const key = crypto.randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => settleWithKey('merchant', body, key)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
      const made = responses.filter((response) => !response.headers['idempotent-replayed']);
      expect(made).toHaveLength(1);
      const id = made[0]?.json().data.id;
      for (const response of responses) expect(response.json().data.id).toBe(id);
      expect(await settledOn(funded.id)).toHaveLength(1);
      expect((await terminalBalance(fixture.db, funded)).available).toBe(900_000n);
    });

    it('refuses a malformed key with 400', async () => {
      const body = { baseAmount: 1, settlementAmount: 1, terminalId: terminal.id };
      const response = await settleWithKey('merchant', body, 'two words');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain('idempotency-key');
    });
  });

  it('needs settlement.create and a session', async () => {
    const body = { baseAmount: 1, settlementAmount: 1, terminalId: terminal.id };
    expect((await settle('operator', body)).statusCode).toBe(403);
    expect((await settle('support', body)).statusCode).toBe(403);
    expect((await settle(undefined, body)).statusCode).toBe(401);
  });
});
