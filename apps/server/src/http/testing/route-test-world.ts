import {
  API_KEY_SCOPES,
  balanceTransactionPublicId,
  computeSupportCode,
  type RoleName,
} from '@paygate/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  apiKeys,
  balanceMovements,
  callbacks,
  paymentMethods,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  providers,
  roles,
  supportTickets,
  terminalAttributes,
  terminalPools,
  webhookEndpoints,
} from '../../db/schema.ts';
import { sendTestEvent } from '../../modules/callbacks/callbacks-entry.ts';
import { verificationKeyOf } from '../../modules/payment-form/verification-key.ts';
import { issueProviderSigningSecret } from '../../modules/provider-api/provider-keys.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  TEST_AUTH,
} from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';

/** Who calls the back office: the seeded roles, plus a merchant user whose role grants nothing. */
export const CALLERS = ['admin', 'merchant', 'support', 'operator', 'nothing'] as const;
export type Caller = (typeof CALLERS)[number];

/** The role row with no permissions `nothing` signs in with (roles are rows: made for the test). */
export const NO_PERMISSION_ROLE = 'nothing';

/** The records one merchant owns in the world. */
export interface MerchantRecords {
  merchantId: number;
  terminalId: number;
  invoiceId: string;
  merchantInvoiceId: string;
  formId: string;
  ticketId: number;
  /** A user of the merchant holding no permissions (for the users routes). */
  userId: number;
  apiKey: string;
  signingSecret: string;
  /** A spare API key's row id, a webhook endpoint, and a test event sent to it. */
  apiKeyId: number;
  webhookEndpointId: number;
  eventId: string;
  callbackId: number;
  /** A balance ledger row of a confirmed deposit, as the merchant API names it (btx_…). */
  balanceTransactionId: string;
}

const CARD_CREDENTIAL_TYPE_ID = referenceItemId(103, 1);
const STRING_PARAM_TYPE_ID = referenceItemId(102, 2);

/**
 * The world of the route tests (authorization-matrix and input-fuzzing): merchants `own` and `other` with a terminal (with an
 * attribute), an invoice and a support ticket each; one signed-in person per caller (`merchant`
 * and `nothing` belong to `own`; staff to no merchant); two providers with signing secrets and a
 * people account each, and an in-progress deposit of `own` routed to each of them.
 */
export const createRouteTestWorld = async (kind: 'pglite' | 'postgres') => {
  const testApp = await createTestApp(kind);
  const { app, db } = testApp;
  await seedReferenceData(db);
  await db.insert(roles).values({ name: NO_PERMISSION_ROLE, permissions: [] });

  const merchantRecords = async (name: string): Promise<MerchantRecords> => {
    const merchant = await createTestMerchant(db, name);
    const terminal = await createTestTerminal(db, merchant.id, { name: `${name} terminal` });
    await db
      .insert(terminalAttributes)
      .values({ terminalId: terminal.id, attributeTypeId: referenceItemId(105, 2), value: name });
    const invoice = await createTestInvoice(db, terminal);
    // A confirmed deposit: it moves the balance, so the merchant has a balance transaction.
    const confirmed = await createTestInvoice(db, terminal, { status: 'DONE' });
    const [movement] = await db
      .select({ id: balanceMovements.id })
      .from(balanceMovements)
      .where(eq(balanceMovements.invoiceId, confirmed.id));
    if (!movement) throw new Error('the confirmed deposit wrote no ledger row');
    // The merchant's signing key may call every merchant API route.
    await db
      .update(apiKeys)
      .set({ scopes: [...API_KEY_SCOPES] })
      .where(eq(apiKeys.publicKey, merchant.clientPublicKey));
    const [ticket] = await db
      .insert(supportTickets)
      .values({ invoiceId: invoice.id, description: `${name} ticket` })
      .returning();
    if (!ticket) throw new Error('ticket insert returned nothing');
    const clerk = await createTestPerson(db, {
      username: `${name.toLowerCase().replace(/\W+/g, '-')}-clerk`,
      role: NO_PERMISSION_ROLE as RoleName,
      merchantId: merchant.id,
    });
    // A spare key for the developers routes: revoking it leaves the merchant's signing key alone.
    const [apiKey] = await db
      .insert(apiKeys)
      .values({
        merchantId: merchant.id,
        label: 'Matrix spare key',
        publicKey: `pk_spare_${merchant.id}`,
        secret: merchant.signingSecret,
        scopes: ['invoices:read'],
      })
      .returning();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        merchantId: merchant.id,
        url: `https://${merchant.id}.example/hook`,
        eventTypes: ['invoice.done'],
      })
      .returning();
    if (!apiKey || !endpoint) throw new Error('no API key or endpoint');
    const test = await sendTestEvent(db, endpoint);
    const [callback] = await db
      .select()
      .from(callbacks)
      .where(eq(callbacks.endpointId, endpoint.id));
    if (!callback) throw new Error('the test event queued nothing');
    return {
      apiKeyId: apiKey.id,
      webhookEndpointId: endpoint.id,
      eventId: test.eventId,
      callbackId: callback.id,
      balanceTransactionId: balanceTransactionPublicId(movement.id),
      merchantId: merchant.id,
      terminalId: terminal.id,
      invoiceId: invoice.id,
      merchantInvoiceId: invoice.merchantInvoiceId,
      formId: invoice.formId,
      ticketId: ticket.id,
      userId: clerk.id,
      apiKey: merchant.clientPublicKey,
      signingSecret: merchant.signingSecret,
    };
  };
  const own = await merchantRecords('Own shop');
  const other = await merchantRecords('Other shop');

  const cookies = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const person = await createTestPerson(db, {
      username: caller,
      role: (caller === 'nothing' ? NO_PERMISSION_ROLE : caller) as RoleName,
      merchantId: caller === 'merchant' || caller === 'nothing' ? own.merchantId : null,
    });
    cookies[caller] = await signIn(app, caller, person.password);
  }

  await db.insert(providers).values({ code: 'OTHERPAY', name: 'Other provider' });
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, 'HUMOUZS'));
  if (!method) throw new Error('no HUMOUZS payment method seeded');
  const [pool] = await db.insert(terminalPools).values({ name: 'Matrix pool' }).returning();
  if (!pool) throw new Error('pool insert returned nothing');
  const [customRole] = await db
    .insert(roles)
    .values({ name: 'Matrix role', permissions: ['merchant.read'] })
    .returning();
  if (!customRole) throw new Error('role insert returned nothing');

  /** A provider with a signing secret, a people account and a live deposit of `own` routed to it. */
  const providerRecords = async (code: string) => {
    const [provider] = await db.select().from(providers).where(eq(providers.code, code));
    if (!provider) throw new Error(`no provider ${code}`);
    const signingSecret = await issueProviderSigningSecret(db, code);
    const [account] = await db
      .insert(peopleAccounts)
      .values({
        providerId: provider.id,
        paymentMethodId: method.id,
        bankName: `${code} bank`,
        ownerName: 'Ivan Petrov',
        countryCode: 'UZ',
        enabled: false,
      })
      .returning();
    if (!account) throw new Error('account insert returned nothing');
    const [credential] = await db
      .insert(peopleAccountCredentials)
      .values({
        peopleAccountId: account.id,
        credentialTypeId: CARD_CREDENTIAL_TYPE_ID,
        paramTypeId: STRING_PARAM_TYPE_ID,
        value: '8600495312345670',
      })
      .returning();
    if (!credential) throw new Error('credential insert returned nothing');
    await db.insert(peopleAccountLimits).values({ peopleAccountId: account.id, limit: 1_000_000n });
    const liveTerminal = await createTestTerminal(db, own.merchantId, {
      name: `${code} live`,
      isTest: false,
    });
    const invoice = await createTestInvoice(db, liveTerminal, {
      status: 'IN_PROGRESS',
      peopleAccountId: account.id,
    });
    return {
      providerId: provider.id,
      apiKey: code,
      signingSecret,
      accountId: account.id,
      credentialId: credential.id,
      invoiceId: invoice.id,
    };
  };
  const provider = await providerRecords('SANDBOX');
  const otherProvider = await providerRecords('OTHERPAY');

  const supportCodeOf = (formId: string) =>
    computeSupportCode(formId, verificationKeyOf(TEST_AUTH.jwtSecret, formId));

  return {
    testApp,
    app,
    db: db as Database,
    own,
    other,
    cookies,
    provider,
    otherProvider,
    paymentMethodId: method.id,
    terminalPoolId: pool.id,
    roleId: customRole.id,
    currencyId: currencyId('UZS'),
    supportCodeOf,
    close: () => testApp.close(),
  };
};

export type RouteTestWorld = Awaited<ReturnType<typeof createRouteTestWorld>>;
