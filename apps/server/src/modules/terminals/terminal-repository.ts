import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  merchants,
  providers,
  referenceItems,
  terminalAttributes,
  terminalPools,
  terminals,
} from '../../db/schema.ts';
import type { MerchantScope } from '../auth/auth-entry.ts';

/**
 * Terminals, their attributes, terminal pools and providers: SQL only. Rules and transactions
 * are the services'; every function takes the database or the caller's transaction.
 */

export type TerminalRecord = typeof terminals.$inferSelect;

export interface CurrencyRef {
  id: number;
  code: string;
  dimension: number;
}

/** Terminals of the merchants in scope (no condition for every merchant). */
const inScope = (scope: MerchantScope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : inArray(terminals.merchantId, scope.ids.length > 0 ? scope.ids : [-1]);

const currencyRef = { id: currencies.id, code: currencies.code, dimension: currencies.dimension };

/** The terminal with its currency, or null; no scope check. */
export const selectTerminalWithCurrency = async (db: Database, terminalId: number) => {
  const [row] = await db
    .select({ terminal: terminals, currency: currencyRef })
    .from(terminals)
    .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
    .where(eq(terminals.id, terminalId));
  return row ?? null;
};

/** The terminals in scope with their currencies, by merchant and id. */
export const selectTerminalsWithCurrency = (db: Database, scope: MerchantScope) =>
  db
    .select({ terminal: terminals, currency: currencyRef })
    .from(terminals)
    .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
    .where(inScope(scope))
    .orderBy(asc(terminals.merchantId), asc(terminals.id));

/** A terminal's attributes with their types, in the order of the types in reference list 105. */
export const selectTerminalAttributes = (db: Database, terminalId: number) =>
  db
    .select({
      id: terminalAttributes.id,
      attributeTypeId: terminalAttributes.attributeTypeId,
      value: terminalAttributes.value,
      typeValue: referenceItems.value,
      typeCode: referenceItems.code,
      paramType: referenceItems.paramType,
    })
    .from(terminalAttributes)
    .innerJoin(referenceItems, eq(referenceItems.id, terminalAttributes.attributeTypeId))
    .where(eq(terminalAttributes.terminalId, terminalId))
    .orderBy(asc(referenceItems.sortOrder), asc(terminalAttributes.id));

export type TerminalAttributeRow = Awaited<ReturnType<typeof selectTerminalAttributes>>[number];

/** Whether the terminal is switched on (false for a missing one). */
export const isTerminalEnabled = async (db: Database, terminalId: number): Promise<boolean> => {
  const [row] = await db
    .select({ enabled: terminals.enabled })
    .from(terminals)
    .where(eq(terminals.id, terminalId));
  return row?.enabled === true;
};

/** Reads a terminal and locks its row until the transaction ends. */
export const lockTerminalRow = async (
  tx: Database,
  terminalId: number,
): Promise<TerminalRecord | undefined> => {
  const [terminal] = await tx
    .select()
    .from(terminals)
    .where(eq(terminals.id, terminalId))
    .for('update');
  return terminal;
};

const poolStatus = alias(referenceItems, 'pool_status');
const poolType = alias(referenceItems, 'pool_type');

/** Terminal pools with their status and type (reference lists), by name and id. */
export const selectTerminalPools = (db: Database) =>
  db
    .select({
      id: terminalPools.id,
      name: terminalPools.name,
      statusId: poolStatus.id,
      statusValue: poolStatus.value,
      statusCode: poolStatus.code,
      typeId: poolType.id,
      typeValue: poolType.value,
      typeCode: poolType.code,
    })
    .from(terminalPools)
    .leftJoin(
      poolStatus,
      and(
        eq(poolStatus.id, terminalPools.statusId),
        eq(poolStatus.headerId, REFERENCE_HEADER_IDS.terminalPoolStatus),
      ),
    )
    .leftJoin(
      poolType,
      and(
        eq(poolType.id, terminalPools.typeId),
        eq(poolType.headerId, REFERENCE_HEADER_IDS.terminalPoolType),
      ),
    )
    .orderBy(asc(terminalPools.name), asc(terminalPools.id));

export type TerminalPoolRow = Awaited<ReturnType<typeof selectTerminalPools>>[number];

/** The payment providers, by name and id. */
export const selectProviders = (db: Database) =>
  db
    .select({ id: providers.id, name: providers.name, code: providers.code })
    .from(providers)
    .orderBy(asc(providers.name), asc(providers.id));

export const merchantExists = async (db: Database, merchantId: number): Promise<boolean> => {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return merchant !== undefined;
};

/** The code of an item of the given reference list; undefined when it is not one. */
export const findReferenceItemCode = async (
  db: Database,
  headerId: number,
  itemId: number,
): Promise<string | null | undefined> => {
  const [item] = await db
    .select({ code: referenceItems.code })
    .from(referenceItems)
    .where(and(eq(referenceItems.id, itemId), eq(referenceItems.headerId, headerId)));
  return item?.code;
};

/** The value of a reference item (any list), or undefined. */
export const findReferenceItemValue = async (
  db: Database,
  itemId: number,
): Promise<string | undefined> => {
  const [item] = await db
    .select({ value: referenceItems.value })
    .from(referenceItems)
    .where(eq(referenceItems.id, itemId));
  return item?.value;
};

export const findCurrency = async (db: Database, currencyId: number) => {
  const [currency] = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency;
};

export const insertTerminal = async (
  tx: Database,
  values: typeof terminals.$inferInsert,
): Promise<TerminalRecord> => {
  const [terminal] = await tx.insert(terminals).values(values).returning();
  if (!terminal) throw new Error('terminal insert returned nothing');
  return terminal;
};

export const updateTerminal = async (
  tx: Database,
  terminalId: number,
  change: Partial<Pick<TerminalRecord, 'name' | 'isTest' | 'enabled'>>,
): Promise<void> => {
  await tx.update(terminals).set(change).where(eq(terminals.id, terminalId));
};

/** The items of the terminal attribute type list (105) among the given ids. */
export const selectAttributeTypes = async (db: Database, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: referenceItems.id,
          code: referenceItems.code,
          value: referenceItems.value,
          paramType: referenceItems.paramType,
        })
        .from(referenceItems)
        .where(
          and(
            inArray(referenceItems.id, ids),
            eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
          ),
        );

/** A terminal's attribute values by attribute type. */
export const attributeValuesOf = async (
  db: Database,
  terminalId: number,
): Promise<Map<number, string>> => {
  const rows = await db
    .select({
      attributeTypeId: terminalAttributes.attributeTypeId,
      value: terminalAttributes.value,
    })
    .from(terminalAttributes)
    .where(eq(terminalAttributes.terminalId, terminalId));
  return new Map(rows.map((row) => [row.attributeTypeId, row.value]));
};

/** Adds or changes attribute values: a terminal has at most one attribute of a type. */
export const upsertAttributes = async (
  tx: Database,
  terminalId: number,
  values: Array<[attributeTypeId: number, value: string]>,
): Promise<void> => {
  await tx
    .insert(terminalAttributes)
    .values(values.map(([attributeTypeId, value]) => ({ terminalId, attributeTypeId, value })))
    .onConflictDoUpdate({
      target: [terminalAttributes.terminalId, terminalAttributes.attributeTypeId],
      set: { value: sql`excluded.value` },
    });
};

/** Removes a terminal's attribute of a type; answers the removed row, if there was one. */
export const deleteAttribute = async (
  tx: Database,
  terminalId: number,
  attributeTypeId: number,
) => {
  const [removed] = await tx
    .delete(terminalAttributes)
    .where(
      and(
        eq(terminalAttributes.terminalId, terminalId),
        eq(terminalAttributes.attributeTypeId, attributeTypeId),
      ),
    )
    .returning();
  return removed;
};

const countWhere = (condition: SQL) =>
  sql<number>`count(${invoices.id}) filter (where ${condition})`.mapWith(Number);

/**
 * Per terminal in scope (also those without invoices): invoices created in the last `minutes`
 * by outcome. The database clock decides the window, as it stamped the invoices' creation.
 */
export const selectTerminalStatistics = (db: Database, scope: MerchantScope, minutes: number) => {
  const since = sql`now() - make_interval(mins => ${minutes}::int)`;
  return db
    .select({
      terminalId: terminals.id,
      terminalName: terminals.name,
      merchantId: terminals.merchantId,
      isTest: terminals.isTest,
      enable: terminals.enabled,
      totalCount: sql<number>`count(${invoices.id})`.mapWith(Number),
      newCount: countWhere(inArray(invoices.status, ['NEW', 'IN_PROGRESS'])),
      successCount: countWhere(inArray(invoices.status, ['DONE', 'PAYED'])),
      cancelCount: countWhere(eq(invoices.status, 'CANCELED')),
      declinedCount: countWhere(eq(invoices.status, 'DECLINED')),
    })
    .from(terminals)
    .leftJoin(invoices, and(eq(invoices.terminalId, terminals.id), gte(invoices.createdAt, since)))
    .where(inScope(scope))
    .groupBy(terminals.id)
    .orderBy(asc(terminals.merchantId), asc(terminals.id));
};
