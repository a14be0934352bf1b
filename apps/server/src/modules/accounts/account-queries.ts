import { asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  paymentMethods,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  providers,
  referenceItems,
} from '../../db/schema.ts';
import { notFound } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';

/** The database, or a transaction on it: reads inside a change see the change's own rows. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const CREDENTIAL_NOT_FOUND = 'Credential not found';

const accountSelection = {
  id: peopleAccounts.id,
  providerId: peopleAccounts.providerId,
  providerName: providers.name,
  bankName: peopleAccounts.bankName,
  ownerName: peopleAccounts.ownerName,
  countryCode: peopleAccounts.countryCode,
  paymentMethodId: peopleAccounts.paymentMethodId,
  paymentMethodName: paymentMethods.name,
  currencyCode: currencies.code,
  currencyDimension: currencies.dimension,
  enabled: peopleAccounts.enabled,
  createdAt: peopleAccounts.createdAt,
};

/** Accounts with their provider, payment method and currency names. */
export const selectAccountRows = (db: Executor, where: SQL | undefined) =>
  db
    .select(accountSelection)
    .from(peopleAccounts)
    .innerJoin(providers, eq(providers.id, peopleAccounts.providerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, peopleAccounts.paymentMethodId))
    .innerJoin(currencies, eq(currencies.id, paymentMethods.currencyId))
    .where(where);

export type AccountRow = Awaited<ReturnType<typeof selectAccountRows>>[number];

export const presentAccount = (row: AccountRow) => ({
  id: row.id,
  providerId: row.providerId,
  providerName: row.providerName,
  bankName: row.bankName,
  ownerName: row.ownerName,
  countryCode: row.countryCode,
  paymentMethodId: row.paymentMethodId,
  paymentMethodName: row.paymentMethodName,
  // char(3) pads with spaces in some drivers.
  currency: { code: row.currencyCode.trim(), dimension: row.currencyDimension },
  enabled: row.enabled,
  createdDate: row.createdAt.toISOString(),
});

/** One account's row, or 404. */
export const loadAccount = async (db: Executor, accountId: number): Promise<AccountRow> => {
  const [row] = await selectAccountRows(db, eq(peopleAccounts.id, accountId));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row;
};

/**
 * Locks an account's row until the transaction ends, so changes to one account's credentials
 * and limits run one after another and each event row records a true before → after. 404 when
 * there is no such account.
 */
export const lockAccount = async (tx: Executor, accountId: number): Promise<void> => {
  const [row] = await tx
    .select({ id: peopleAccounts.id })
    .from(peopleAccounts)
    .where(eq(peopleAccounts.id, accountId))
    .for('update');
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
};

const credentialTypes = alias(referenceItems, 'credential_types');
const paramTypes = alias(referenceItems, 'param_types');

/** Credentials with their requisite and parameter types. */
export const selectCredentialRows = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      id: peopleAccountCredentials.id,
      peopleAccountId: peopleAccountCredentials.peopleAccountId,
      credentialTypeId: peopleAccountCredentials.credentialTypeId,
      credentialTypeCode: credentialTypes.code,
      credentialTypeValue: credentialTypes.value,
      paramTypeId: peopleAccountCredentials.paramTypeId,
      paramTypeCode: paramTypes.code,
      paramTypeValue: paramTypes.value,
      value: peopleAccountCredentials.value,
    })
    .from(peopleAccountCredentials)
    .innerJoin(credentialTypes, eq(credentialTypes.id, peopleAccountCredentials.credentialTypeId))
    .innerJoin(paramTypes, eq(paramTypes.id, peopleAccountCredentials.paramTypeId))
    .where(where)
    .orderBy(asc(peopleAccountCredentials.id));

export type CredentialRow = Awaited<ReturnType<typeof selectCredentialRows>>[number];

export const presentCredential = (row: CredentialRow) => ({
  id: row.id,
  credentialType: {
    id: row.credentialTypeId,
    code: row.credentialTypeCode,
    value: row.credentialTypeValue,
  },
  paramType: { id: row.paramTypeId, code: row.paramTypeCode, value: row.paramTypeValue },
  value: row.value,
});

export type LimitsRow = typeof peopleAccountLimits.$inferSelect;

export const selectLimits = async (db: Executor, accountId: number): Promise<LimitsRow | null> => {
  const [row] = await db
    .select()
    .from(peopleAccountLimits)
    .where(eq(peopleAccountLimits.peopleAccountId, accountId));
  return row ?? null;
};

export const presentLimits = (row: LimitsRow) => ({
  peopleAccountId: row.peopleAccountId,
  limit: minorUnitsJson(row.limit),
  balance: minorUnitsJson(row.balance),
  priority: row.priority,
  checkUniqueAmount: row.checkUniqueAmount,
});

/** SPEC §3 people account with its credentials and limits (null until set). */
export const presentAccountDetails = async (db: Executor, accountId: number) => {
  const account = await loadAccount(db, accountId);
  const credentials = await selectCredentialRows(
    db,
    eq(peopleAccountCredentials.peopleAccountId, accountId),
  );
  const limits = await selectLimits(db, accountId);
  return {
    ...presentAccount(account),
    credentials: credentials.map(presentCredential),
    limits: limits ? presentLimits(limits) : null,
  };
};
