import { randomUUID } from 'node:crypto';
import { computeSupportCode } from '@paygate/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  paymentMethods,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  providers,
} from '../../db/schema.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, createTestMerchant, TEST_AUTH } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { verificationKeyOf } from './verification-key.ts';

/** Requisite types (reference list 103) and the String parameter type (list 102). */
export const REQUISITE_TYPE_ID = { CARD: referenceItemId(103, 1), PHONE: referenceItemId(103, 2) };
const STRING_PARAM_TYPE_ID = referenceItemId(102, 2);

/** What the shop's confirmed deposits leave available for its RUB payouts (minor units). */
export const RUB_PAYOUT_FUNDS = 100_000_000n;

export const createPaymentFormFixture = async (kind: 'pglite' | 'postgres') => {
  const testApp = await createTestApp(kind);
  const { db, app } = testApp;
  await seedReferenceData(db);
  const merchant = await createTestMerchant(db, 'Shop');
  const terminals = {
    uzsDeposit: await createTestTerminal(db, merchant.id, { name: 'UZS in' }),
    rubWithdrawal: await createTestTerminal(db, merchant.id, {
      name: 'RUB out',
      flowType: 'WITHDRAWAL',
      currencyId: currencyId('RUB'),
    }),
  };
  // The shop's confirmed RUB deposits fund its payouts (merchant balances, decision 0017).
  const rubDeposit = await createTestTerminal(db, merchant.id, {
    name: 'RUB in',
    currencyId: currencyId('RUB'),
  });
  await createTestInvoice(db, rubDeposit, { amount: RUB_PAYOUT_FUNDS, status: 'DONE' });
  const [provider] = await db.select().from(providers).limit(1);
  if (!provider) throw new Error('no provider seeded');

  const methodId = async (code: string) => {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, code));
    if (!method) throw new Error(`no method ${code}`);
    return method.id;
  };

  /** A people account with one requisite and a limit. */
  const createAccount = async ({
    methodCode = 'HUMOUZS',
    requisite = { type: 'CARD' as 'CARD' | 'PHONE', value: '8600123412341234' },
    limit = 100_000_000n,
    balance = 0n,
    priority = 0,
    checkUniqueAmount = false,
    enabled = true,
    bankName = 'Test bank',
  } = {}) => {
    const [account] = await db
      .insert(peopleAccounts)
      .values({
        providerId: provider.id,
        paymentMethodId: await methodId(methodCode),
        bankName,
        ownerName: 'Ivan Petrov',
        countryCode: 'UZ',
        enabled,
      })
      .returning();
    if (!account) throw new Error('account insert returned nothing');
    await db.insert(peopleAccountCredentials).values({
      peopleAccountId: account.id,
      credentialTypeId: REQUISITE_TYPE_ID[requisite.type],
      paramTypeId: STRING_PARAM_TYPE_ID,
      value: requisite.value,
    });
    await db
      .insert(peopleAccountLimits)
      .values({ peopleAccountId: account.id, limit, balance, priority, checkUniqueAmount });
    return account;
  };

  /** Tests share a database: each starts from no usable account. */
  const disableAllAccounts = () => db.update(peopleAccounts).set({ enabled: false });

  const accountLimits = async (accountId: number) => {
    const [limits] = await db
      .select()
      .from(peopleAccountLimits)
      .where(eq(peopleAccountLimits.peopleAccountId, accountId));
    return limits;
  };

  const supportCodeOf = (formId: string) =>
    computeSupportCode(formId, verificationKeyOf(TEST_AUTH.jwtSecret, formId));

  const post = (formId: string, step: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/form/${formId}/${step}`,
      ...(payload ? { payload } : {}),
    });

  /** The credential call exactly as the form makes it. */
  const requestCredential = async (
    invoice: { formId: string; amount: bigint },
    paymentMethodCode: string,
    amount = invoice.amount,
  ) =>
    post(invoice.formId, 'credential', {
      amount: Number(amount),
      formId: invoice.formId,
      paymentMethodId: await methodId(paymentMethodCode),
      supportCode: await supportCodeOf(invoice.formId),
    });

  return {
    testApp,
    app,
    db: db as Database,
    merchant,
    terminals: { ...terminals, rubDeposit },
    methodId,
    createAccount,
    disableAllAccounts,
    accountLimits,
    /**
     * An invoice of its own customer unless one is given: tests share the database, and one
     * customer may hold requisites for only a few deposits at once (OPEN_REQUISITES_PER_CUSTOMER).
     */
    createInvoice: (
      terminal: Parameters<typeof createTestInvoice>[1],
      overrides: Parameters<typeof createTestInvoice>[2] = {},
    ) =>
      createTestInvoice(db, terminal, {
        customerExternalId: `customer-${randomUUID()}`,
        ...overrides,
      }),
    supportCodeOf,
    post,
    requestCredential,
    close: () => testApp.close(),
  };
};

export type PaymentFormFixture = Awaited<ReturnType<typeof createPaymentFormFixture>>;
