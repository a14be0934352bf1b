import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  paymentMethods,
  peopleAccounts,
  referenceItems,
} from '../../db/schema.ts';

/**
 * The payment form's reads: SQL only. The form's invoice is read through the invoices module
 * (invoice-repository.ts) and written only through invoice-status-service.ts.
 */

export type PaymentMethod = typeof paymentMethods.$inferSelect;
export type Currency = typeof currencies.$inferSelect;

export const findCurrency = async (
  db: Database,
  currencyId: number,
): Promise<Currency | undefined> => {
  const [currency] = await db.select().from(currencies).where(eq(currencies.id, currencyId));
  return currency;
};

export const findPaymentMethod = async (
  db: Database,
  paymentMethodId: number,
): Promise<PaymentMethod | undefined> => {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return method;
};

/** The enabled payment methods of a currency, by id. */
export const enabledMethodsOfCurrency = (db: Database, currencyId: number) =>
  db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.currencyId, currencyId), eq(paymentMethods.enabled, true)))
    .orderBy(asc(paymentMethods.id));

/** The bank, owner and requisite kind of a people account, as shown with its requisite. */
export const findAccountRequisite = async (db: Database, peopleAccountId: number) => {
  const [row] = await db
    .select({
      bankName: peopleAccounts.bankName,
      owner: peopleAccounts.ownerName,
      countryCode: peopleAccounts.countryCode,
      requisiteKind: paymentMethods.requisiteKind,
    })
    .from(peopleAccounts)
    .innerJoin(paymentMethods, eq(paymentMethods.id, peopleAccounts.paymentMethodId))
    .where(eq(peopleAccounts.id, peopleAccountId));
  return row;
};

/** Banks of the fast payment system (reference list 205), in their list order. */
export const sbpBankItems = (db: Database) =>
  db
    .select({
      id: referenceItems.id,
      value: referenceItems.value,
      codeInteger: referenceItems.codeInteger,
    })
    .from(referenceItems)
    .where(eq(referenceItems.headerId, REFERENCE_HEADER_IDS.sbpBankName))
    .orderBy(asc(referenceItems.sortOrder));

/**
 * The status of the forms whose ids are given (`formIds`): one named prepared statement, built
 * once per reader (form-status-reader.ts explains why).
 */
export const prepareFormStatusBatch = (db: Database) =>
  db
    .select({ formId: invoices.formId, status: invoices.status, invoiceId: invoices.id })
    .from(invoices)
    .where(sql`${invoices.formId} = ANY(${sql.placeholder('formIds')}::text[])`)
    .prepare('form_status_batch');
