import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
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

/**
 * People accounts, their credentials and limits: SQL only. Rules and transactions are the
 * services'; every function takes the database or the caller's transaction, so reads inside a
 * change see the change's own rows.
 */

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
const selectAccountRows = (db: Database, where: SQL | undefined) =>
  db
    .select(accountSelection)
    .from(peopleAccounts)
    .innerJoin(providers, eq(providers.id, peopleAccounts.providerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, peopleAccounts.paymentMethodId))
    .innerJoin(currencies, eq(currencies.id, paymentMethods.currencyId))
    .where(where);

export type AccountRow = Awaited<ReturnType<typeof selectAccountRows>>[number];

export interface AccountFilters {
  enabled?: boolean;
  providerId?: number;
  paymentMethodId?: number;
}

const accountConditions = ({ enabled, providerId, paymentMethodId }: AccountFilters) =>
  and(
    enabled === undefined ? undefined : eq(peopleAccounts.enabled, enabled),
    providerId === undefined ? undefined : eq(peopleAccounts.providerId, providerId),
    paymentMethodId === undefined ? undefined : eq(peopleAccounts.paymentMethodId, paymentMethodId),
  );

/** One page of the accounts that pass the filters, ordered by id. */
export const selectAccountPage = (
  db: Database,
  filters: AccountFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<AccountRow[]> =>
  selectAccountRows(db, accountConditions(filters))
    .orderBy(asc(peopleAccounts.id))
    .limit(limit)
    .offset(offset);

export const countAccounts = async (db: Database, filters: AccountFilters): Promise<number> => {
  const [total] = await db
    .select({ count: count() })
    .from(peopleAccounts)
    .where(accountConditions(filters));
  return total?.count ?? 0;
};

export const findAccount = async (
  db: Database,
  accountId: number,
): Promise<AccountRow | undefined> => {
  const [row] = await selectAccountRows(db, eq(peopleAccounts.id, accountId));
  return row;
};

/** Locks an account's row until the transaction ends; false when there is no such account. */
export const lockAccountRow = async (tx: Database, accountId: number): Promise<boolean> => {
  const [row] = await tx
    .select({ id: peopleAccounts.id })
    .from(peopleAccounts)
    .where(eq(peopleAccounts.id, accountId))
    .for('update');
  return row !== undefined;
};

export const accountExists = async (db: Database, accountId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: peopleAccounts.id })
    .from(peopleAccounts)
    .where(eq(peopleAccounts.id, accountId));
  return row !== undefined;
};

/**
 * Sets the enabled flag in one conditional update, so of two identical toggles racing one
 * changes it. True when this call changed it.
 */
export const updateEnabledIfDifferent = async (
  tx: Database,
  accountId: number,
  enabled: boolean,
): Promise<boolean> => {
  const changed = await tx
    .update(peopleAccounts)
    .set({ enabled })
    .where(and(eq(peopleAccounts.id, accountId), ne(peopleAccounts.enabled, enabled)))
    .returning({ id: peopleAccounts.id });
  return changed.length > 0;
};

export const insertAccount = async (
  tx: Database,
  values: typeof peopleAccounts.$inferInsert,
): Promise<number> => {
  const [account] = await tx
    .insert(peopleAccounts)
    .values(values)
    .returning({ id: peopleAccounts.id });
  if (!account) throw new Error('people account insert returned nothing');
  return account.id;
};

export const findProviderName = async (
  db: Database,
  providerId: number,
): Promise<string | undefined> => {
  const [provider] = await db
    .select({ name: providers.name })
    .from(providers)
    .where(eq(providers.id, providerId));
  return provider?.name;
};

export const findPaymentMethodName = async (
  db: Database,
  paymentMethodId: number,
): Promise<string | undefined> => {
  const [method] = await db
    .select({ name: paymentMethods.name })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return method?.name;
};

/** An item of the given reference list, or null. */
export const findReferenceItem = async (db: Database, headerId: number, itemId: number) => {
  const [item] = await db
    .select({
      id: referenceItems.id,
      code: referenceItems.code,
      value: referenceItems.value,
      paramType: referenceItems.paramType,
    })
    .from(referenceItems)
    .where(and(eq(referenceItems.id, itemId), eq(referenceItems.headerId, headerId)));
  return item ?? null;
};

const credentialTypes = alias(referenceItems, 'credential_types');
const paramTypes = alias(referenceItems, 'param_types');

/** Credentials with their requisite and parameter types. */
const selectCredentialRows = (db: Database, where: SQL | undefined) =>
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

export const credentialsOfAccount = (db: Database, accountId: number): Promise<CredentialRow[]> =>
  selectCredentialRows(db, eq(peopleAccountCredentials.peopleAccountId, accountId));

/** A credential of the given account (not another account's), or undefined. */
export const findCredential = async (
  db: Database,
  accountId: number,
  credentialId: number,
): Promise<CredentialRow | undefined> => {
  const [row] = await selectCredentialRows(
    db,
    and(
      eq(peopleAccountCredentials.id, credentialId),
      eq(peopleAccountCredentials.peopleAccountId, accountId),
    ),
  );
  return row;
};

/** The id of the account's credential of a requisite type, other than the excepted one. */
export const findCredentialOfType = async (
  db: Database,
  accountId: number,
  credentialTypeId: number,
  exceptCredentialId?: number,
): Promise<number | undefined> => {
  const [clash] = await db
    .select({ id: peopleAccountCredentials.id })
    .from(peopleAccountCredentials)
    .where(
      and(
        eq(peopleAccountCredentials.peopleAccountId, accountId),
        eq(peopleAccountCredentials.credentialTypeId, credentialTypeId),
        exceptCredentialId === undefined
          ? undefined
          : ne(peopleAccountCredentials.id, exceptCredentialId),
      ),
    );
  return clash?.id;
};

export interface CredentialValues {
  credentialTypeId: number;
  paramTypeId: number;
  value: string;
}

export const insertCredential = async (
  tx: Database,
  accountId: number,
  { credentialTypeId, paramTypeId, value }: CredentialValues,
): Promise<number> => {
  const [row] = await tx
    .insert(peopleAccountCredentials)
    .values({ peopleAccountId: accountId, credentialTypeId, paramTypeId, value })
    .returning({ id: peopleAccountCredentials.id });
  if (!row) throw new Error('credential insert returned nothing');
  return row.id;
};

export const updateCredential = async (
  tx: Database,
  credentialId: number,
  { credentialTypeId, paramTypeId, value }: CredentialValues,
): Promise<void> => {
  await tx
    .update(peopleAccountCredentials)
    .set({ credentialTypeId, paramTypeId, value })
    .where(eq(peopleAccountCredentials.id, credentialId));
};

export const deleteCredential = async (tx: Database, credentialId: number): Promise<void> => {
  await tx.delete(peopleAccountCredentials).where(eq(peopleAccountCredentials.id, credentialId));
};

export type LimitsRow = typeof peopleAccountLimits.$inferSelect;

export const selectLimits = async (db: Database, accountId: number): Promise<LimitsRow | null> => {
  const [row] = await db
    .select()
    .from(peopleAccountLimits)
    .where(eq(peopleAccountLimits.peopleAccountId, accountId));
  return row ?? null;
};

/**
 * Writes an account's settable limits. An upsert on the primary key: safe against a concurrent
 * first write, and the balance, which the payment engine keeps, is never part of the update.
 */
export const upsertLimits = async (
  tx: Database,
  accountId: number,
  values: { limit: bigint; priority: number; checkUniqueAmount: boolean },
): Promise<LimitsRow> => {
  const [row] = await tx
    .insert(peopleAccountLimits)
    .values({ peopleAccountId: accountId, ...values })
    .onConflictDoUpdate({ target: peopleAccountLimits.peopleAccountId, set: values })
    .returning();
  if (!row) throw new Error('people account limits upsert returned nothing');
  return row;
};
