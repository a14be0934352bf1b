import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleAccountLimits, peopleAccounts } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { UNPAID_AMOUNT_QUARANTINE_MINUTES } from '../payment-form/requisite-assignment-service.ts';
import { ACCOUNT_EVENT_CODES } from './people-account-events.ts';
import {
  type AccountTestContext,
  accountEvents,
  insertAccount,
  insertCredential,
  paramTypeId,
  requisiteTypeId,
  setUpAccountTests,
  UZS_CARD,
} from './people-account-test-setup.ts';

describe.each(TEST_DATABASE_KINDS)('people account endpoints on %s', (kind) => {
  let context: AccountTestContext;
  let humo: { id: number };
  let sbp: { id: number };
  let disabled: { id: number };

  beforeAll(async () => {
    context = await setUpAccountTests(kind);
    humo = await insertAccount(context, { method: 'HUMOUZS', bankName: 'Kapitalbank' });
    sbp = await insertAccount(context, {
      provider: 'RU_P2P',
      method: 'SBPRUB',
      bankName: 'T-Bank',
      ownerName: 'Ivan Petrov',
    });
    disabled = await insertAccount(context, { method: 'CARDUZS', enabled: false });
    await insertCredential(context, humo.id, { type: 'CARD', value: UZS_CARD });
    await insertCredential(context, humo.id, { type: 'PHONE', value: '+998901234567' });
    await context.db.insert(peopleAccountLimits).values({
      peopleAccountId: humo.id,
      limit: 50_000_000n,
      balance: 1_250_000n,
      priority: 2,
      checkUniqueAmount: true,
    });
  });
  afterAll(async () => context?.testApp.close());

  const accountCount = async () =>
    (await context.db.select({ count: count() }).from(peopleAccounts))[0]?.count ?? 0;

  describe('GET /api/v1/people/account', () => {
    it('pages through the accounts in id order with provider, bank and method names', async () => {
      const response = await context.call('GET', '/api/v1/people/account', 'operator');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ page: 0, size: 10, total: 3 });
      expect(data.items.map((item: { id: number }) => item.id)).toEqual([
        humo.id,
        sbp.id,
        disabled.id,
      ]);
      expect(data.items[1]).toEqual({
        id: sbp.id,
        providerId: context.providerIds.RU_P2P,
        providerName: 'RU P2P network',
        bankName: 'T-Bank',
        ownerName: 'Ivan Petrov',
        countryCode: null,
        paymentMethodId: context.methodIds.SBPRUB,
        paymentMethodName: 'Sbp',
        currency: { code: 'RUB', dimension: 2 },
        enabled: true,
        createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });

      const second = await context.call('GET', '/api/v1/people/account?page=1&size=2', 'operator');
      expect(second.json().data).toMatchObject({ page: 1, size: 2, total: 3 });
      expect(second.json().data.items.map((item: { id: number }) => item.id)).toEqual([
        disabled.id,
      ]);
    });

    it('filters by enabled, provider and payment method', async () => {
      const ids = async (query: string) =>
        (await context.call('GET', `/api/v1/people/account?${query}`, 'operator'))
          .json()
          .data.items.map((item: { id: number }) => item.id);
      expect(await ids('enabled=false')).toEqual([disabled.id]);
      expect(await ids('enabled=true')).toEqual([humo.id, sbp.id]);
      expect(await ids(`providerId=${context.providerIds.RU_P2P}`)).toEqual([sbp.id]);
      expect(await ids(`paymentMethodId=${context.methodIds.CARDUZS}`)).toEqual([disabled.id]);
      const filtered = await context.call(
        'GET',
        `/api/v1/people/account?enabled=true&providerId=${context.providerIds.SANDBOX}`,
        'operator',
      );
      expect(filtered.json().data).toMatchObject({ total: 1 });
    });

    it('is open to people.account alone', async () => {
      expect((await context.call('GET', '/api/v1/people/account', 'viewer')).statusCode).toBe(200);
    });

    it.each([
      'page=-1',
      'size=0',
      'size=201',
      'enabled=maybe',
      'providerId=abc',
      'paymentMethodId=0',
      'providerId=2147483648',
    ])('answers 400 for %s', async (query) => {
      const response = await context.call('GET', `/api/v1/people/account?${query}`, 'operator');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^querystring\//);
    });

    it('needs a session and people.account; merchants never see accounts', async () => {
      expect((await context.call('GET', '/api/v1/people/account')).statusCode).toBe(401);
      for (const caller of ['merchant', 'support', 'editorOnly'] as const) {
        const response = await context.call('GET', '/api/v1/people/account', caller);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ detail: 'Forbidden' });
      }
    });
  });

  describe('GET /api/v1/people/account/:id', () => {
    it('gives the account with its credentials and limits', async () => {
      const response = await context.call('GET', `/api/v1/people/account/${humo.id}`, 'viewer');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        id: humo.id,
        providerName: 'Sandbox provider',
        bankName: 'Kapitalbank',
        ownerName: 'Dilnoza Aliyeva',
        paymentMethodName: 'Humo',
        currency: { code: 'UZS', dimension: 2 },
        enabled: true,
        limits: {
          peopleAccountId: humo.id,
          limit: 50_000_000,
          balance: 1_250_000,
          priority: 2,
          checkUniqueAmount: true,
        },
      });
      expect(data.credentials).toEqual([
        {
          id: expect.any(Number),
          credentialType: { id: requisiteTypeId('CARD'), code: 'CARD', value: 'Card number' },
          paramType: { id: paramTypeId('S'), code: 'S', value: 'String' },
          value: UZS_CARD,
        },
        {
          id: expect.any(Number),
          credentialType: { id: requisiteTypeId('PHONE'), code: 'PHONE', value: 'Phone number' },
          paramType: { id: paramTypeId('S'), code: 'S', value: 'String' },
          value: '+998901234567',
        },
      ]);
    });

    it('gives null limits and no credentials for a bare account', async () => {
      const response = await context.call('GET', `/api/v1/people/account/${sbp.id}`, 'operator');
      expect(response.json().data).toMatchObject({ credentials: [], limits: null });
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      const unknown = await context.call('GET', '/api/v1/people/account/999999', 'operator');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: 'Account not found' });
      for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
        const response = await context.call('GET', `/api/v1/people/account/${id}`, 'operator');
        expect(response.statusCode, id).toBe(400);
      }
    });

    it('needs a session and people.account', async () => {
      expect((await context.call('GET', `/api/v1/people/account/${humo.id}`)).statusCode).toBe(401);
      for (const caller of ['merchant', 'support'] as const) {
        expect(
          (await context.call('GET', `/api/v1/people/account/${humo.id}`, caller)).statusCode,
        ).toBe(403);
      }
    });
  });

  describe('GET /api/v1/people/account/:id/amount-holds', () => {
    it('lists the payments holding an amount: waiting ones, then those ended unpaid within the quarantine', async () => {
      const merchant = await createTestMerchant(context.db, 'Holds shop');
      const terminal = await createTestTerminal(context.db, merchant.id);
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const onHumo = (
        amount: bigint,
        status: 'IN_PROGRESS' | 'PAYED' | 'DONE' | 'DECLINED' | 'CANCELED',
        minutes: number,
        extra: { isTestProcessing?: boolean; peopleAccountId?: number } = {},
      ) =>
        createTestInvoice(context.db, terminal, {
          amount,
          status,
          statusDate: minutesAgo(minutes),
          peopleAccountId: humo.id,
          ...extra,
        });
      const waiting = await onHumo(300_000n, 'IN_PROGRESS', 5);
      const reported = await onHumo(310_000n, 'PAYED', 1);
      const cancelled = await onHumo(320_000n, 'CANCELED', 10);
      const declined = await onHumo(325_000n, 'DECLINED', 30);
      await onHumo(330_000n, 'DECLINED', 200);
      await onHumo(340_000n, 'DONE', 1);
      await onHumo(350_000n, 'CANCELED', 1, { isTestProcessing: true });
      await onHumo(360_000n, 'IN_PROGRESS', 1, { peopleAccountId: sbp.id });

      const response = await context.call(
        'GET',
        `/api/v1/people/account/${humo.id}/amount-holds`,
        'viewer',
      );
      expect(response.statusCode, response.body).toBe(200);
      const holds = response.json().data as Array<Record<string, unknown>>;
      expect(holds.map((hold) => hold.invoiceId)).toEqual([
        reported.id,
        waiting.id,
        cancelled.id,
        declined.id,
      ]);
      expect(holds[0]).toEqual({
        invoiceId: reported.id,
        amount: 310_000,
        status: 'PAYED',
        statusDate: reported.statusDate.toISOString(),
        heldUntil: null,
      });
      expect(holds[2]).toMatchObject({ amount: 320_000, status: 'CANCELED' });
      expect(Date.parse(String(holds[2]?.heldUntil))).toBe(
        cancelled.statusDate.getTime() + UNPAID_AMOUNT_QUARANTINE_MINUTES * 60_000,
      );
    });

    it('lists nothing on an account that does not check unique amounts', async () => {
      const merchant = await createTestMerchant(context.db, 'Shared amounts shop');
      const terminal = await createTestTerminal(context.db, merchant.id);
      const plain = await insertAccount(context, { method: 'HUMOUZS' });
      await context.db.insert(peopleAccountLimits).values({
        peopleAccountId: plain.id,
        limit: 50_000_000n,
        checkUniqueAmount: false,
      });
      await createTestInvoice(context.db, terminal, {
        status: 'IN_PROGRESS',
        peopleAccountId: plain.id,
      });
      const response = await context.call(
        'GET',
        `/api/v1/people/account/${plain.id}/amount-holds`,
        'viewer',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual([]);
    });

    it('answers 404 for an unknown account, 400 for no id, and 403 without people.account', async () => {
      expect(
        (await context.call('GET', '/api/v1/people/account/999999/amount-holds', 'operator'))
          .statusCode,
      ).toBe(404);
      expect(
        (await context.call('GET', '/api/v1/people/account/abc/amount-holds', 'operator'))
          .statusCode,
      ).toBe(400);
      for (const caller of ['support', 'editorOnly', 'merchant'] as const) {
        const response = await context.call(
          'GET',
          `/api/v1/people/account/${humo.id}/amount-holds`,
          caller,
        );
        expect(response.statusCode, caller).toBe(403);
      }
    });
  });

  describe('PATCH /api/v1/people/account/:id', () => {
    it('disables and enables an account, logging who did it and from where', async () => {
      const off = await context.call('PATCH', `/api/v1/people/account/${sbp.id}`, 'operator', {
        enabled: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: sbp.id, enabled: false, credentials: [] });
      const [row] = await context.db
        .select({ enabled: peopleAccounts.enabled })
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, sbp.id));
      expect(row?.enabled).toBe(false);
      const [event] = await accountEvents(context.db, ACCOUNT_EVENT_CODES.accountDisabled, sbp.id);
      expect(event).toMatchObject({
        personId: context.operatorId,
        merchantId: null,
        description: `Account #${sbp.id} disabled`,
        sourceIp: '127.0.0.1',
      });

      const on = await context.call('PATCH', `/api/v1/people/account/${sbp.id}`, 'operator', {
        enabled: true,
      });
      expect(on.json().data.enabled).toBe(true);
      expect(
        await accountEvents(context.db, ACCOUNT_EVENT_CODES.accountEnabled, sbp.id),
      ).toHaveLength(1);
    });

    it('changes and logs nothing when the account already is so', async () => {
      const response = await context.call(
        'PATCH',
        `/api/v1/people/account/${humo.id}`,
        'operator',
        {
          enabled: true,
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.enabled).toBe(true);
      expect(
        await accountEvents(context.db, ACCOUNT_EVENT_CODES.accountEnabled, humo.id),
      ).toHaveLength(0);
    });

    it.each([
      [{ enabled: 'false' }, 'body/enabled must be boolean'],
      [{ enabled: null }, 'body/enabled must be boolean'],
      [{ enabled: 0 }, 'body/enabled must be boolean'],
      [{}, "body must have required property 'enabled'"],
      [{ enabled: false, enbled: true }, 'body/enbled is not a known property'],
      [[false], 'body must be object'],
    ])('refuses %j without a change', async (payload, message) => {
      const response = await context.call(
        'PATCH',
        `/api/v1/people/account/${humo.id}`,
        'operator',
        payload,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      const [row] = await context.db
        .select({ enabled: peopleAccounts.enabled })
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, humo.id));
      expect(row?.enabled).toBe(true);
    });

    it('answers 400 without a body and 404 for an unknown account', async () => {
      expect(
        (await context.call('PATCH', `/api/v1/people/account/${humo.id}`, 'operator')).statusCode,
      ).toBe(400);
      const unknown = await context.call('PATCH', '/api/v1/people/account/999999', 'operator', {
        enabled: false,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: 'Account not found' });
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const url = `/api/v1/people/account/${humo.id}`;
      expect((await context.call('PATCH', url, undefined, { enabled: false })).statusCode).toBe(
        401,
      );
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect((await context.call('PATCH', url, caller, { enabled: false })).statusCode).toBe(403);
      }
      const [row] = await context.db
        .select({ enabled: peopleAccounts.enabled })
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, humo.id));
      expect(row?.enabled).toBe(true);
    });
  });

  describe('POST /api/v1/people/create', () => {
    it('creates a disabled account by default and logs it', async () => {
      const response = await context.call('POST', '/api/v1/people/create', 'operator', {
        providerId: context.providerIds.UZCARD_P2P,
        paymentMethodId: context.methodIds.CARDUZS,
        bankName: '  Hamkorbank ',
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toMatchObject({
        providerId: context.providerIds.UZCARD_P2P,
        providerName: 'Uzcard P2P',
        paymentMethodName: 'Uzs',
        bankName: 'Hamkorbank',
        ownerName: '',
        countryCode: null,
        enabled: false,
        credentials: [],
        limits: null,
      });
      const [row] = await context.db
        .select()
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, data.id));
      expect(row).toMatchObject({ bankName: 'Hamkorbank', enabled: false });
      const [event] = await accountEvents(context.db, ACCOUNT_EVENT_CODES.accountCreated, data.id);
      expect(event).toMatchObject({
        personId: context.operatorId,
        description: `Account #${data.id} created: Uzcard P2P, Uzs, Hamkorbank, disabled`,
        sourceIp: '127.0.0.1',
      });
    });

    it('takes the owner, the country and an enabled flag', async () => {
      const response = await context.call('POST', '/api/v1/people/create', 'operator', {
        providerId: context.providerIds.RU_P2P,
        paymentMethodId: context.methodIds.SBERRUB_X,
        bankName: 'Sberbank',
        ownerName: ' Olga Petrova ',
        countryCode: 'ru',
        enabled: true,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        ownerName: 'Olga Petrova',
        countryCode: 'RU',
        enabled: true,
        currency: { code: 'RUB', dimension: 2 },
      });
    });

    const valid = () => ({
      providerId: context.providerIds.SANDBOX,
      paymentMethodId: context.methodIds.HUMOUZS,
      bankName: 'Kapitalbank',
    });

    it.each([
      [{ providerId: undefined }, 'Provider is required'],
      [{ providerId: null }, 'Provider is required'],
      [{ providerId: 0 }, 'Provider is required'],
      [{ paymentMethodId: undefined }, 'Payment method is required'],
      [{ paymentMethodId: null }, 'Payment method is required'],
      [{ providerId: 999_999 }, 'Unknown provider'],
      [{ paymentMethodId: 999_999 }, 'Unknown payment method'],
      [{ providerId: '1' }, 'body/providerId must be integer,null'],
      [{ paymentMethodId: 1.5 }, 'body/paymentMethodId must be integer,null'],
      [{ bankName: '  ' }, 'Bank name is required'],
      [{ bankName: undefined }, 'Bank name is required'],
      [{ bankName: 'x'.repeat(101) }, 'Bank name must be at most 100 characters long'],
      [{ ownerName: 'x'.repeat(101) }, 'Owner name must be at most 100 characters long'],
      [{ countryCode: 'RUS' }, 'Country code must be two letters (ISO 3166-1 alpha-2)'],
      [{ enabled: 'true' }, 'body/enabled must be boolean'],
      [{ merchantId: 1 }, 'body/merchantId is not a known property'],
    ])('refuses %j with a clear message and creates nothing', async (change, message) => {
      const before = await accountCount();
      const response = await context.call('POST', '/api/v1/people/create', 'operator', {
        ...valid(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      expect(await accountCount()).toBe(before);
    });

    it('refuses an empty body with the first missing field', async () => {
      const response = await context.call('POST', '/api/v1/people/create', 'operator', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Provider is required' });
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const before = await accountCount();
      expect(
        (await context.call('POST', '/api/v1/people/create', undefined, valid())).statusCode,
      ).toBe(401);
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect(
          (await context.call('POST', '/api/v1/people/create', caller, valid())).statusCode,
        ).toBe(403);
      }
      expect(await accountCount()).toBe(before);
    });
  });
});
