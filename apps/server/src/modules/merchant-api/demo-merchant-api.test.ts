import { computeSupportCode } from '@paygate/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, invoices, merchants, paymentMethods, terminals } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { secretKeyBytes } from '../../http/request-signing.ts';
import {
  DEMO_MERCHANT_API_KEYS,
  DEMO_TEST_DEPOSIT_TERMINAL,
  seedDemoData,
} from '../../seed/demo-data-seed.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, TEST_AUTH, type TestApp } from '../../testing/test-app.ts';
import { settleSandboxPayments } from '../invoices/sandbox-provider-job.ts';
import { verificationKeyOf } from '../payment-form/verification-key.ts';
import { signedCall } from './merchant-api-test-client.ts';

describe.each(TEST_DATABASE_KINDS)('the demo merchant on the merchant API (%s)', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await seedReferenceData(testApp.db);
    await seedDemoData(testApp.db);
  }, 120_000);
  afterAll(async () => testApp?.close());

  it('has fixed keys for the first demo merchant and random ones for the others', async () => {
    const rows = await testApp.db
      .select({ name: merchants.name, publicKey: apiKeys.publicKey, secret: apiKeys.secret })
      .from(merchants)
      .innerJoin(apiKeys, eq(apiKeys.merchantId, merchants.id))
      .orderBy(merchants.id);
    expect(rows[0]).toEqual({
      name: 'Silk Road Games',
      publicKey: DEMO_MERCHANT_API_KEYS.clientPublicKey,
      secret: DEMO_MERCHANT_API_KEYS.signingSecret,
    });
    expect(secretKeyBytes(DEMO_MERCHANT_API_KEYS.signingSecret)).toHaveLength(32);
    for (const other of rows.slice(1)) {
      expect(other.secret).toMatch(/^sk_/);
      expect(other.secret).not.toBe(DEMO_MERCHANT_API_KEYS.signingSecret);
    }
  });

  /** The demo merchant (the one with the documented keys) and its terminal named `name`. */
  const demoMerchantAndTerminal = async (name: string) => {
    const [merchant] = await testApp.db
      .select()
      .from(merchants)
      .where(eq(merchants.clientPublicKey, DEMO_MERCHANT_API_KEYS.clientPublicKey));
    const [terminal] = await testApp.db
      .select()
      .from(terminals)
      .where(and(eq(terminals.merchantId, merchant?.id ?? -1), eq(terminals.name, name)));
    return { merchant, terminal };
  };

  /** A 2,500.00 UZS deposit created with the demo's keys (201 expected). */
  const createDeposit = async (
    terminalId: number | undefined,
    merchantInvoiceId: string,
    extra: Record<string, unknown> = {},
  ) => {
    const created = await signedCall(testApp.app, DEMO_MERCHANT_API_KEYS, {
      method: 'POST',
      path: '/invoices',
      body: {
        flowType: 'DEPOSIT',
        terminalId,
        amount: 250_000,
        currency: 'UZS',
        merchantInvoiceId,
        customer: { externalId: 'demo-customer' },
        ...extra,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created;
  };

  it('signs requests with the documented demo keys', async () => {
    const { merchant, terminal } = await demoMerchantAndTerminal('UZS deposits');
    const created = await createDeposit(terminal?.id, 'e2e-demo-1', { paymentMethodName: 'Humo' });
    expect(created.json().data).toMatchObject({ isTest: false, status: 'NEW' });

    const [seeded] = await testApp.db
      .select({ id: invoices.id, merchantInvoiceId: invoices.merchantInvoiceId })
      .from(invoices)
      .where(eq(invoices.merchantId, merchant?.id ?? -1))
      .limit(1);
    const read = await signedCall(testApp.app, DEMO_MERCHANT_API_KEYS, {
      method: 'GET',
      path: `/invoices?merchantInvoiceId=${encodeURIComponent(seeded?.merchantInvoiceId ?? '')}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.map((invoice: { invoiceId: string }) => invoice.invoiceId)).toEqual([
      seeded?.id,
    ]);
    const page = await signedCall(testApp.app, DEMO_MERCHANT_API_KEYS, {
      method: 'GET',
      path: '/invoices?limit=5',
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ has_more: true });
    expect(page.json().data).toHaveLength(5);
  });

  it('has a test deposit terminal without history, whose invoices the sandbox settles', async () => {
    const { terminal } = await demoMerchantAndTerminal(DEMO_TEST_DEPOSIT_TERMINAL);
    // ID 7 on a fresh demo database, as docs/merchant-api.md says.
    expect(terminal).toMatchObject({ id: 7, isTest: true, flowType: 'DEPOSIT' });
    const history = await testApp.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.terminalId, terminal?.id ?? -1));
    expect(history).toEqual([]);

    const created = await createDeposit(terminal?.id, `demo-sandbox-${kind}`);
    const { invoiceId, formId } = created.json().data;
    expect(created.json().data).toMatchObject({ isTest: true, status: 'NEW' });

    // The customer picks Humo on the form and gets the details to pay to.
    const [humo] = await testApp.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'HUMOUZS'));
    const credential = await testApp.app.inject({
      method: 'POST',
      url: `/api/payments/form/${formId}/credential`,
      payload: {
        amount: 250_000,
        formId,
        paymentMethodId: humo?.id,
        supportCode: await computeSupportCode(
          formId,
          verificationKeyOf(TEST_AUTH.jwtSecret, formId),
        ),
      },
    });
    expect(credential.statusCode, credential.body).toBe(200);
    expect(credential.json().data).toMatchObject({ status: 'IN_PROGRESS' });

    // The sandbox's job, run until nothing is left (the seeded history has test payments too).
    let settledNow = 0;
    do settledNow = await settleSandboxPayments(testApp.db, { delaySeconds: 0 });
    while (settledNow > 0);
    const [settled] = await testApp.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    expect(settled?.status).toBe('DONE');
  });
});
