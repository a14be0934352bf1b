import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  eventLog,
  paymentMethods,
  peopleAccountCredentials,
  peopleAccounts,
  providers,
} from '../../db/schema.ts';
import { REFERENCE_LISTS, referenceItemId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { ACCOUNT_ENTITY_TYPE } from './people-account-events.ts';

/**
 * Who calls in the account tests: operator (people.account and people.account.edit), viewer
 * (people.account only), editorOnly (people.account.edit only), a merchant user and support.
 */
export type Caller = 'operator' | 'viewer' | 'editorOnly' | 'merchant' | 'support';

/** Ids of reference items, by the codes the seed gives them. */
export const requisiteTypeId = (code: 'CARD' | 'PHONE') =>
  referenceItemId(
    REFERENCE_HEADER_IDS.requisiteType,
    REFERENCE_LISTS.requisiteType.findIndex((item) => item.code === code) + 1,
  );
export const paramTypeId = (code: 'I' | 'S' | 'C' | 'B' | 'N') =>
  referenceItemId(
    REFERENCE_HEADER_IDS.parameterType,
    REFERENCE_LISTS.parameterType.findIndex((item) => item.code === code) + 1,
  );

/** Card numbers with a valid Luhn digit. */
export const UZS_CARD = '8600495312345670';
export const OTHER_CARD = '9860123456789015';

export interface AccountTestContext {
  testApp: TestApp;
  db: Database;
  cookies: Record<Caller, string>;
  /** The operator's person id, expected on event-log rows. */
  operatorId: number;
  /** Seeded providers and payment methods by code. */
  providerIds: Record<string, number>;
  methodIds: Record<string, number>;
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    caller?: Caller,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
}

/** A fresh app on the given database with reference data and the five callers signed in. */
export const setUpAccountTests = async (kind: 'pglite' | 'postgres') => {
  const testApp = await createTestApp(kind);
  const { db, app } = testApp;
  await seedReferenceData(db);
  const merchant = await createTestMerchant(db, 'Shop');
  const operator = await createTestPerson(db, { username: 'operator', role: 'operator' });
  await createTestPerson(db, {
    username: 'viewer',
    role: 'support',
    extraPermissions: ['people.account'],
  });
  await createTestPerson(db, {
    username: 'editorOnly',
    role: 'support',
    extraPermissions: ['people.account.edit'],
  });
  await createTestPerson(db, { username: 'merchant', role: 'merchant', merchantId: merchant.id });
  await createTestPerson(db, { username: 'support', role: 'support' });
  const cookies = {} as Record<Caller, string>;
  for (const name of ['operator', 'viewer', 'editorOnly', 'merchant', 'support'] as const) {
    cookies[name] = await signIn(app, name, `${name}-password`);
  }
  const providerRows = await db.select().from(providers).orderBy(asc(providers.id));
  const methodRows = await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id));
  const context: AccountTestContext = {
    testApp,
    db,
    cookies,
    operatorId: operator.id,
    providerIds: Object.fromEntries(providerRows.map((row) => [row.code, row.id])),
    methodIds: Object.fromEntries(methodRows.map((row) => [row.code, row.id])),
    call: (method, url, caller, payload) =>
      app.inject({
        method,
        url,
        headers: caller ? { cookie: cookies[caller] } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
  return context;
};

/** An account written straight to the database, as the seed or another tool would. */
export const insertAccount = async (
  context: AccountTestContext,
  values: {
    provider?: string;
    method?: string;
    bankName?: string;
    ownerName?: string;
    enabled?: boolean;
  } = {},
) => {
  const [account] = await context.db
    .insert(peopleAccounts)
    .values({
      providerId: context.providerIds[values.provider ?? 'SANDBOX'] ?? 0,
      paymentMethodId: context.methodIds[values.method ?? 'HUMOUZS'] ?? 0,
      bankName: values.bankName ?? 'Kapitalbank',
      ownerName: values.ownerName ?? 'Dilnoza Aliyeva',
      enabled: values.enabled ?? true,
    })
    .returning();
  if (!account) throw new Error('account insert returned nothing');
  return account;
};

export const insertCredential = async (
  context: AccountTestContext,
  accountId: number,
  values: { type?: 'CARD' | 'PHONE'; paramType?: 'I' | 'S'; value?: string } = {},
) => {
  const [credential] = await context.db
    .insert(peopleAccountCredentials)
    .values({
      peopleAccountId: accountId,
      credentialTypeId: requisiteTypeId(values.type ?? 'CARD'),
      paramTypeId: paramTypeId(values.paramType ?? 'S'),
      value: values.value ?? UZS_CARD,
    })
    .returning();
  if (!credential) throw new Error('credential insert returned nothing');
  return credential;
};

/** Event-log rows of one account with the given code, oldest first. */
export const accountEvents = (db: Database, eventCode: string, accountId: number) =>
  db
    .select()
    .from(eventLog)
    .where(
      and(
        eq(eventLog.eventCode, eventCode),
        eq(eventLog.entityType, ACCOUNT_ENTITY_TYPE),
        eq(eventLog.entityId, String(accountId)),
      ),
    )
    .orderBy(asc(eventLog.id));
