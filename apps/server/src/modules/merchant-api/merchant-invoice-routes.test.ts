import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { eventLog, invoiceStatusHistory, invoices, paymentMethods } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { TEST_AUTH } from '../../testing/test-app.ts';
import { signedCall } from './merchant-api-test-client.ts';
import {
  createMerchantApiFixture,
  invoiceBody,
  type MerchantApiFixture,
} from './merchant-api-test-fixture.ts';
import { CALLBACK_URL_HTTPS_ONLY } from './merchant-invoice-service.ts';

describe.each(TEST_DATABASE_KINDS)('merchant API invoices on %s', (kind) => {
  let fixture: MerchantApiFixture;

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
  });
  afterAll(async () => fixture?.testApp.close());

  const create = (body: unknown, keys = fixture.shop.keys) =>
    signedCall(fixture.testApp.app, keys, { method: 'POST', path: '/invoices', body });
  const read = (path: string, keys = fixture.shop.keys) =>
    signedCall(fixture.testApp.app, keys, { method: 'GET', path });
  const uzsBody = (overrides: Record<string, unknown> = {}) =>
    invoiceBody(fixture.terminals.uzsDeposits, overrides);

  /** A request that must be refused with 400 and this message, creating nothing. */
  const expectRefused = async (body: unknown, message: string | RegExp) => {
    const before = await fixture.testApp.db.$count(invoices);
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(400);
    if (typeof message === 'string') expect(response.json()).toMatchObject({ detail: message });
    else expect(response.json().detail).toMatch(message);
    expect(await fixture.testApp.db.$count(invoices)).toBe(before);
  };

  describe('POST /api/merchant/v1/invoices', () => {
    it('creates a NEW invoice with its history, event and payment-form link', async () => {
      const body = uzsBody({
        paymentMethodName: 'Humo',
        canChangeAmount: true,
        successUrl: 'https://shop.example/ok?order=1',
        cancelUrl: 'https://shop.example/cancel',
        errorUrl: 'http://shop.example/error',
        callbackUrl: 'https://shop.example/hooks/paygate',
        expiresInMinutes: 60,
      });
      const started = Date.now();
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
      const { data } = response.json();
      expect(data).toMatchObject({
        merchantInvoiceId: body.merchantInvoiceId,
        flowType: 'DEPOSIT',
        status: 'NEW',
        amount: 150_000,
        fee: 0,
        currency: 'UZS',
        terminalId: fixture.terminals.uzsDeposits,
        paymentMethodName: 'Humo',
        canChangeAmount: true,
        isTest: true,
        customer: { externalId: 'customer-42', firstName: 'Dilnoza', lastName: 'Aliyeva' },
        successUrl: 'https://shop.example/ok?order=1',
        callbackUrl: 'https://shop.example/hooks/paygate',
      });
      // 24 random bytes in base64url: 192 bits, never the invoice id.
      expect(data.formId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(data.formId, 'base64url')).toHaveLength(24);
      expect(data.formId).not.toContain(data.invoiceId);
      expect(data.paymentUrl).toBe(`http://localhost:8081/payment/${data.formId}`);
      const lifetime = Date.parse(data.expiresAt) - Date.parse(data.createdAt);
      expect(lifetime).toBeGreaterThanOrEqual(60 * 60_000 - 1_000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1_000);
      expect(Date.parse(data.createdAt)).toBeGreaterThan(started - 60_000);

      const { db } = fixture.testApp;
      const [row] = await db.select().from(invoices).where(eq(invoices.id, data.invoiceId));
      expect(row).toMatchObject({
        merchantId: fixture.shop.id,
        status: 'NEW',
        amount: 150_000n,
        formId: data.formId,
        isTestProcessing: true,
        canChangeAmount: true,
        peopleAccountId: null,
      });
      const history = await db
        .select()
        .from(invoiceStatusHistory)
        .where(eq(invoiceStatusHistory.invoiceId, data.invoiceId));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ status: 'NEW', personId: null });
      const events = await db.select().from(eventLog).where(eq(eventLog.invoiceId, data.invoiceId));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        eventCode: 'INVOICE_CREATED',
        merchantId: fixture.shop.id,
        personId: null,
        entityType: 'invoice',
      });
      expect(events[0]?.sourceIp).toBeTruthy();
    });

    it('defaults to 15 minutes, a fixed amount, no method and no URLs', async () => {
      const response = await create(
        uzsBody({ customer: { externalId: 'c-1' }, flowType: 'DEPOSIT' }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const { data } = response.json();
      expect(data).toMatchObject({
        canChangeAmount: false,
        paymentMethodName: null,
        successUrl: null,
        cancelUrl: null,
        errorUrl: null,
        callbackUrl: null,
        customer: { externalId: 'c-1', firstName: '', lastName: '' },
      });
      const lifetime = Date.parse(data.expiresAt) - Date.parse(data.createdAt);
      expect(Math.abs(lifetime - 15 * 60_000)).toBeLessThan(1_000);
    });

    it('creates withdrawals on payout terminals and marks production terminals live', async () => {
      const payout = await create(
        invoiceBody(fixture.terminals.uzsPayouts, { flowType: 'WITHDRAWAL' }),
      );
      expect(payout.statusCode, payout.body).toBe(201);
      expect(payout.json().data.flowType).toBe('WITHDRAWAL');
      const live = await create(invoiceBody(fixture.terminals.production));
      expect(live.json().data.isTest).toBe(false);
    });

    it('caps what a withdrawal’s customer may ask for: the amount, or an explicit maximum', async () => {
      const payoutBody = (overrides: Record<string, unknown>) =>
        invoiceBody(fixture.terminals.uzsPayouts, { flowType: 'WITHDRAWAL', ...overrides });
      const fixed = await create(payoutBody({ amount: 150_000, canChangeAmount: true }));
      expect(fixed.json().data).toMatchObject({ amount: 150_000, maxAmount: 150_000 });
      const wider = await create(
        payoutBody({ amount: 150_000, canChangeAmount: true, maxAmount: 400_000 }),
      );
      expect(wider.statusCode, wider.body).toBe(201);
      expect(wider.json().data.maxAmount).toBe(400_000);
      const [stored] = await fixture.testApp.db
        .select({ maxAmount: invoices.maxAmount })
        .from(invoices)
        .where(eq(invoices.id, wider.json().data.invoiceId));
      expect(stored?.maxAmount).toBe(400_000n);
      expect((await create(uzsBody())).json().data.maxAmount).toBeNull();

      await expectRefused(
        payoutBody({ amount: 150_000, canChangeAmount: true, maxAmount: 149_999 }),
        'maxAmount must be at least amount',
      );
      await expectRefused(
        payoutBody({ amount: 150_000, maxAmount: 400_000 }),
        'maxAmount needs canChangeAmount: true',
      );
      await expectRefused(
        uzsBody({ canChangeAmount: true, maxAmount: 400_000 }),
        'maxAmount is for withdrawals only',
      );
      await expectRefused(
        payoutBody({ canChangeAmount: true, maxAmount: '400000' }),
        'body/maxAmount must be integer',
      );
    });

    it('gives every invoice its own formId', async () => {
      const responses = await Promise.all([1, 2, 3, 4, 5].map(() => create(uzsBody())));
      const formIds = new Set(responses.map((response) => response.json().data.formId));
      expect(formIds.size).toBe(5);
    });

    it('checks the terminal: own, enabled, of this flow and currency', async () => {
      await expectRefused(
        invoiceBody(fixture.terminals.rivals),
        `Terminal ${fixture.terminals.rivals} not found`,
      );
      await expectRefused(invoiceBody(999_999), 'Terminal 999999 not found');
      await expectRefused(
        invoiceBody(fixture.terminals.disabled),
        `Terminal ${fixture.terminals.disabled} is disabled`,
      );
      await expectRefused(
        invoiceBody(fixture.terminals.uzsDeposits, { flowType: 'WITHDRAWAL' }),
        `Terminal ${fixture.terminals.uzsDeposits} takes DEPOSIT invoices, not WITHDRAWAL`,
      );
      await expectRefused(
        invoiceBody(fixture.terminals.uzsDeposits, { currency: 'RUB' }),
        `Terminal ${fixture.terminals.uzsDeposits} works in UZS, not RUB`,
      );
      await expectRefused(uzsBody({ currency: 'USD' }), 'Unknown currency USD');
    });

    it('keeps the amount within the currency’s limits', async () => {
      await expectRefused(
        uzsBody({ amount: 99_999 }),
        'Amount must be between 100000 and 5000000000 minor units of UZS',
      );
      await expectRefused(
        uzsBody({ amount: 5_000_000_001 }),
        'Amount must be between 100000 and 5000000000 minor units of UZS',
      );
      for (const amount of [100_000, 5_000_000_000]) {
        expect((await create(uzsBody({ amount }))).statusCode).toBe(201);
      }
    });

    it('keeps the amount within the named method’s limits', async () => {
      await expectRefused(
        uzsBody({ amount: 3_000_000_000, paymentMethodName: 'Humo' }),
        'Amount must be between 100000 and 2000000000 minor units for Humo',
      );
      const rub = (overrides: Record<string, unknown>) =>
        invoiceBody(fixture.terminals.rubDeposits, { currency: 'RUB', ...overrides });
      await expectRefused(
        rub({ amount: 20_000, paymentMethodName: 'SberbankXCountry' }),
        'Amount must be between 50000 and 10000000 minor units for SberbankXCountry',
      );
      expect(
        (await create(rub({ amount: 20_000, paymentMethodName: 'Sberbank' }))).statusCode,
      ).toBe(201);
      expect((await create(rub({ amount: 10_000_000, paymentMethodName: 'Sbp' }))).statusCode).toBe(
        201,
      );
    });

    it('takes only a method of the currency that is enabled', async () => {
      await expectRefused(
        uzsBody({ paymentMethodName: 'Sberbank' }),
        'Payment method Sberbank is not available for UZS',
      );
      await expectRefused(uzsBody({ paymentMethodName: 'Visa' }), /paymentMethodName/);
      const { db } = fixture.testApp;
      await db.update(paymentMethods).set({ enabled: false }).where(eq(paymentMethods.name, 'Uzs'));
      try {
        await expectRefused(
          uzsBody({ paymentMethodName: 'Uzs' }),
          'Payment method Uzs is not available for UZS',
        );
      } finally {
        await db
          .update(paymentMethods)
          .set({ enabled: true })
          .where(eq(paymentMethods.name, 'Uzs'));
      }
    });

    it('takes only absolute http(s) URLs of bounded length', async () => {
      for (const url of [
        'javascript:alert(1)',
        'ftp://shop.example/x',
        '//shop.example/ok',
        'shop.example/ok',
        'https://',
        'https://shop example/ok',
        `https://shop.example/${'a'.repeat(2_100)}`,
      ]) {
        await expectRefused(uzsBody({ successUrl: url }), /successUrl/);
      }
      await expectRefused(
        uzsBody({ callbackUrl: 'data:text/html,hi' }),
        'callbackUrl must be an absolute http or https URL',
      );
      await expectRefused(
        uzsBody({ cancelUrl: 'javascript:alert(1)' }),
        'cancelUrl must be an absolute http or https URL',
      );
      // Never delivered to (callbacks), a disguise in a redirect: refused when the invoice is made.
      await expectRefused(
        uzsBody({ callbackUrl: 'https://user:secret@shop.example/cb' }),
        'callbackUrl must not contain a user name or password',
      );
      await expectRefused(
        uzsBody({ successUrl: 'https://bank.example@evil.example/ok' }),
        'successUrl must not contain a user name or password',
      );
      await expectRefused(
        uzsBody({ errorUrl: 'http:shop.example/error' }),
        'errorUrl must be an absolute http or https URL',
      );
      // Not ASCII: percent-encode first.
      await expectRefused(
        uzsBody({ successUrl: 'https://shop.example/ok?n=Дилноза' }),
        /successUrl/,
      );
      await expectRefused(uzsBody({ successUrl: 'https://shop.example/\u0000' }), /successUrl/);
      await expectRefused(uzsBody({ errorUrl: 42 }), 'body/errorUrl must be string');
    });

    it('takes an http:// callbackUrl only where the server allows http webhooks (not in production)', async () => {
      // As main.ts builds it with WEBHOOK_ALLOW_HTTP off, the production default.
      const production = await buildApp({
        db: fixture.testApp.db,
        auth: TEST_AUTH,
        webhookAllowHttp: false,
      });
      try {
        const createThere = (body: unknown) =>
          signedCall(production, fixture.shop.keys, { method: 'POST', path: '/invoices', body });
        const before = await fixture.testApp.db.$count(invoices);
        for (const callbackUrl of ['http://shop.example/hooks', 'HTTP://shop.example/hooks']) {
          const refused = await createThere(uzsBody({ callbackUrl }));
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json()).toMatchObject({
            code: 'invalid_request',
            detail: CALLBACK_URL_HTTPS_ONLY,
          });
        }
        expect(await fixture.testApp.db.$count(invoices)).toBe(before);
        // Other faults keep their own messages; the browser's redirects may stay http.
        const malformed = await createThere(uzsBody({ callbackUrl: 'ftp://shop.example/x' }));
        expect(malformed.json().detail).toBe('callbackUrl must be an absolute http or https URL');
        const created = await createThere(
          uzsBody({
            callbackUrl: 'https://shop.example:8443/hooks',
            successUrl: 'http://shop.example/ok',
          }),
        );
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().data.callbackUrl).toBe('https://shop.example:8443/hooks');
      } finally {
        await production.close();
      }
      // The server of development and tests takes it.
      const developed = await create(uzsBody({ callbackUrl: 'http://127.0.0.1:9/hooks' }));
      expect(developed.statusCode, developed.body).toBe(201);
    });

    it('refuses wrong types instead of guessing', async () => {
      await expectRefused(uzsBody({ amount: 1500.5 }), 'body/amount must be integer');
      await expectRefused(uzsBody({ amount: '150000' }), 'body/amount must be integer');
      await expectRefused(uzsBody({ amount: 0 }), /amount must be >= 1/);
      await expectRefused(uzsBody({ amount: -5 }), /amount must be >= 1/);
      await expectRefused(uzsBody({ amount: 2 ** 60 }), /amount must be <=/);
      await expectRefused(uzsBody({ terminalId: '1' }), 'body/terminalId must be integer');
      await expectRefused(
        uzsBody({ canChangeAmount: 'true' }),
        'body/canChangeAmount must be boolean',
      );
      await expectRefused(uzsBody({ flowType: 'REFUND' }), /flowType/);
      await expectRefused(uzsBody({ currency: 'uzs' }), /currency/);
      await expectRefused(uzsBody({ expiresInMinutes: 0 }), /expiresInMinutes/);
      await expectRefused(uzsBody({ expiresInMinutes: 10_081 }), /expiresInMinutes/);
      await expectRefused(uzsBody({ expiresInMinutes: 1.5 }), /expiresInMinutes/);
    });

    it('refuses unknown properties instead of dropping them', async () => {
      await expectRefused(
        uzsBody({ callbackURL: 'https://shop.example/hook' }),
        'body/callbackURL is not a known property',
      );
      await expectRefused(
        uzsBody({ customer: { externalId: 'c', email: 'a@b.c' } }),
        'body/customer/email is not a known property',
      );
    });

    it('names missing and malformed fields', async () => {
      for (const field of [
        'flowType',
        'terminalId',
        'amount',
        'currency',
        'merchantInvoiceId',
        'customer',
      ]) {
        const body: Record<string, unknown> = uzsBody();
        delete body[field];
        await expectRefused(body, `body must have required property '${field}'`);
      }
      await expectRefused(uzsBody({ customer: {} }), /externalId/);
      await expectRefused(uzsBody({ merchantInvoiceId: '' }), /merchantInvoiceId/);
      await expectRefused(uzsBody({ merchantInvoiceId: ' padded ' }), /merchantInvoiceId/);
      await expectRefused(uzsBody({ merchantInvoiceId: 'x'.repeat(101) }), /merchantInvoiceId/);
      await expectRefused(uzsBody({ merchantInvoiceId: 'ORD-ü' }), /merchantInvoiceId/);
      await expectRefused(
        uzsBody({ customer: { externalId: 'c', firstName: 'a\u0000b' } }),
        /firstName/,
      );
      await expectRefused([uzsBody()], 'body must be object');
      const empty = await signedCall(fixture.testApp.app, fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
      });
      expect(empty.statusCode).toBe(400);
    });

    it('answers 409 for a merchantInvoiceId the merchant already used, and only for it', async () => {
      const body = uzsBody();
      const first = await create(body);
      expect(first.statusCode).toBe(201);
      const again = await create({ ...body, amount: 200_000 });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(
        `An invoice with merchantInvoiceId ${body.merchantInvoiceId} already exists ` +
          `(invoiceId ${first.json().data.invoiceId})`,
      );
      // Another merchant may use the same id for its own order.
      const rivalBody = invoiceBody(fixture.terminals.rivals, {
        merchantInvoiceId: body.merchantInvoiceId,
      });
      expect((await create(rivalBody, fixture.rival.keys)).statusCode).toBe(201);
    });

    it('creates one invoice when two requests race with one merchantInvoiceId', async () => {
      const body = uzsBody();
      const responses = await Promise.all([create(body), create(body), create(body)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
      const rows = await fixture.testApp.db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.merchantId, fixture.shop.id),
            eq(invoices.merchantInvoiceId, body.merchantInvoiceId),
          ),
        );
      expect(rows).toHaveLength(1);
    });
  });

  describe('reading invoices', () => {
    let created: { invoiceId: string; merchantInvoiceId: string };
    beforeAll(async () => {
      const ok = await create(uzsBody({ merchantInvoiceId: 'ORD 7/8?&#=+' }));
      expect(ok.statusCode, ok.body).toBe(201);
      created = ok.json().data;
    });

    it('reads by invoiceId, the same as the create answered', async () => {
      const response = await read(`/invoices/${created.invoiceId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(created);
    });

    it('finds it by merchantInvoiceId, URL-encoded: a list of that one invoice', async () => {
      const response = await read(
        `/invoices?merchantInvoiceId=${encodeURIComponent(created.merchantInvoiceId)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: [created], has_more: false });
    });

    it('shows a merchant its own invoices only', async () => {
      const byId = await read(`/invoices/${created.invoiceId}`, fixture.rival.keys);
      expect(byId.statusCode).toBe(404);
      expect(byId.json()).toMatchObject({ detail: 'Invoice not found' });
      const byMerchantId = await read(
        `/invoices?merchantInvoiceId=${encodeURIComponent(created.merchantInvoiceId)}`,
        fixture.rival.keys,
      );
      expect(byMerchantId.statusCode).toBe(200);
      expect(byMerchantId.json()).toEqual({ data: [], has_more: false });
    });

    it('answers 404 for unknown ids, an empty list for unknown merchantInvoiceIds, 400 for malformed ones', async () => {
      expect((await read(`/invoices/${crypto.randomUUID()}`)).statusCode).toBe(404);
      const unknown = await read('/invoices?merchantInvoiceId=nope');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ data: [], has_more: false });
      expect((await read('/invoices/not-a-uuid')).statusCode).toBe(400);
      expect((await read('/invoices?merchantInvoiceId=')).statusCode).toBe(400);
      // A NUL would be an error in PostgreSQL text: refused before it gets there.
      expect((await read('/invoices?merchantInvoiceId=%00')).statusCode).toBe(400);
    });
  });
});
