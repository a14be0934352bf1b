import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleAccountLimits } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { ACCOUNT_EVENT_CODES } from './people-account-events.ts';
import {
  type AccountTestContext,
  accountEvents,
  insertAccount,
  setUpAccountTests,
} from './people-account-test-setup.ts';

const limitUrl = (id: number | string) => `/api/router/v1/people/account/limit/${id}`;

describe.each(TEST_DATABASE_KINDS)('people account limits on %s', (kind) => {
  let context: AccountTestContext;
  let account: { id: number };
  let bare: { id: number };

  beforeAll(async () => {
    context = await setUpAccountTests(kind);
    account = await insertAccount(context);
    bare = await insertAccount(context, { method: 'SBERRUB' });
  });
  afterAll(async () => context?.testApp.close());

  const limitsRow = async (id: number) =>
    (
      await context.db
        .select()
        .from(peopleAccountLimits)
        .where(eq(peopleAccountLimits.peopleAccountId, id))
    )[0] ?? null;

  const valid = { limit: 10_000_000, priority: 1, checkUniqueAmount: false };

  describe('GET', () => {
    it('gives null until limits are set, to people.account alone too', async () => {
      const response = await context.call('GET', limitUrl(bare.id), 'viewer');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: null });
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      const unknown = await context.call('GET', limitUrl(999_999), 'operator');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: 'Account not found' });
      expect((await context.call('GET', limitUrl('x'), 'operator')).statusCode).toBe(400);
    });

    it('needs a session and people.account', async () => {
      expect((await context.call('GET', limitUrl(account.id))).statusCode).toBe(401);
      for (const caller of ['merchant', 'support', 'editorOnly'] as const) {
        expect((await context.call('GET', limitUrl(account.id), caller)).statusCode).toBe(403);
      }
    });
  });

  describe('PUT', () => {
    it('sets limits the first time with a zero balance, and logs every value', async () => {
      const response = await context.call('PUT', limitUrl(account.id), 'operator', valid);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { peopleAccountId: account.id, ...valid, balance: 0 },
      });
      expect(await limitsRow(account.id)).toEqual({
        peopleAccountId: account.id,
        limit: 10_000_000n,
        balance: 0n,
        priority: 1,
        checkUniqueAmount: false,
      });
      const events = await accountEvents(context.db, ACCOUNT_EVENT_CODES.limitsChanged, account.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        personId: context.operatorId,
        description: `Limits of account #${account.id} set: limit 10000000, priority 1, checkUniqueAmount false`,
        sourceIp: '127.0.0.1',
      });
      const read = await context.call('GET', limitUrl(account.id), 'viewer');
      expect(read.json().data).toEqual({ peopleAccountId: account.id, ...valid, balance: 0 });
    });

    it('changes them keeping the engine’s balance, logging old → new of what changed', async () => {
      // The payment engine has taken part of the limit meanwhile.
      await context.db
        .update(peopleAccountLimits)
        .set({ balance: 2_500_000n })
        .where(eq(peopleAccountLimits.peopleAccountId, account.id));
      const response = await context.call('PUT', limitUrl(account.id), 'operator', {
        limit: 20_000_000,
        priority: 1,
        checkUniqueAmount: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        peopleAccountId: account.id,
        limit: 20_000_000,
        balance: 2_500_000,
        priority: 1,
        checkUniqueAmount: true,
      });
      expect((await limitsRow(account.id))?.balance).toBe(2_500_000n);
      const events = await accountEvents(context.db, ACCOUNT_EVENT_CODES.limitsChanged, account.id);
      expect(events.at(-1)?.description).toBe(
        `Limits of account #${account.id} changed: limit 10000000 → 20000000, checkUniqueAmount false → true`,
      );
      const details = await context.call('GET', `/api/v1/people/account/${account.id}`, 'operator');
      expect(details.json().data.limits).toMatchObject({ limit: 20_000_000, balance: 2_500_000 });
    });

    it('logs nothing when nothing changes', async () => {
      const before = await accountEvents(context.db, ACCOUNT_EVENT_CODES.limitsChanged, account.id);
      const response = await context.call('PUT', limitUrl(account.id), 'operator', {
        limit: 20_000_000,
        priority: 1,
        checkUniqueAmount: true,
      });
      expect(response.statusCode).toBe(200);
      expect(
        await accountEvents(context.db, ACCOUNT_EVENT_CODES.limitsChanged, account.id),
      ).toHaveLength(before.length);
    });

    it('accepts zero and the largest safe integer', async () => {
      for (const limit of [0, Number.MAX_SAFE_INTEGER]) {
        const response = await context.call('PUT', limitUrl(bare.id), 'operator', {
          ...valid,
          limit,
          priority: 0,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.limit).toBe(limit);
        expect((await limitsRow(bare.id))?.limit).toBe(BigInt(limit));
      }
    });

    it.each([
      [{ limit: -1 }, 'Limit must contain digits only'],
      [{ limit: 1.5 }, 'body/limit must be integer'],
      [{ limit: '100' }, 'body/limit must be integer'],
      [{ limit: null }, 'body/limit must be integer'],
      [{ limit: true }, 'body/limit must be integer'],
      [{ limit: 2 ** 53 }, 'Limit must be at most 9007199254740991'],
      [{ limit: 1e20 }, 'Limit must be at most 9007199254740991'],
      [{ priority: -1 }, 'Priority must be at least 0'],
      [{ priority: 2.5 }, 'body/priority must be integer'],
      [{ priority: '1' }, 'body/priority must be integer'],
      [{ priority: 2 ** 31 }, 'Priority must be at most 2147483647'],
      [{ checkUniqueAmount: 'true' }, 'body/checkUniqueAmount must be boolean'],
      [{ checkUniqueAmount: 1 }, 'body/checkUniqueAmount must be boolean'],
      [{ limit: undefined }, "body must have required property 'limit'"],
      [{ priority: undefined }, "body must have required property 'priority'"],
      [{ checkUniqueAmount: undefined }, "body must have required property 'checkUniqueAmount'"],
      [{ balance: 0 }, 'balance is kept by the payment engine and cannot be set'],
    ])('refuses %j and keeps the limits', async (change, message) => {
      const before = await limitsRow(account.id);
      const response = await context.call('PUT', limitUrl(account.id), 'operator', {
        ...valid,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      expect(await limitsRow(account.id)).toEqual(before);
    });

    it('answers 404 for an unknown account without writing a row', async () => {
      const response = await context.call('PUT', limitUrl(999_999), 'operator', valid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Account not found' });
      expect(await limitsRow(999_999)).toBeNull();
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const before = await limitsRow(account.id);
      expect((await context.call('PUT', limitUrl(account.id), undefined, valid)).statusCode).toBe(
        401,
      );
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect((await context.call('PUT', limitUrl(account.id), caller, valid)).statusCode).toBe(
          403,
        );
      }
      expect(await limitsRow(account.id)).toEqual(before);
    });

    it('keeps one row and a consistent before → after chain under concurrent writes', async () => {
      const fresh = await insertAccount(context, { method: 'TCSBRUB' });
      const priorities = [10, 11, 12, 13, 14, 15];
      const responses = await Promise.all(
        priorities.map((priority) =>
          context.call('PUT', limitUrl(fresh.id), 'operator', { ...valid, priority }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(priorities.map(() => 200));
      const [rows] = await context.db
        .select({ count: count() })
        .from(peopleAccountLimits)
        .where(eq(peopleAccountLimits.peopleAccountId, fresh.id));
      expect(rows?.count).toBe(1);

      const events = await accountEvents(context.db, ACCOUNT_EVENT_CODES.limitsChanged, fresh.id);
      expect(events).toHaveLength(priorities.length);
      expect(events[0]?.description).toContain(' set: ');
      // Each change starts from the priority the previous one left.
      const chain = events.map((event) => /priority (\d+)(?: → (\d+))?/.exec(event.description));
      for (let index = 1; index < chain.length; index += 1) {
        const previous = chain[index - 1];
        expect(chain[index]?.[1]).toBe(previous?.[2] ?? previous?.[1]);
      }
      const last = chain.at(-1);
      expect((await limitsRow(fresh.id))?.priority).toBe(Number(last?.[2]));
    });
  });
});
