import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, paymentMethods, referenceItems } from '../../db/schema.ts';

/** Reference lists, currencies and payment methods as the back office lists them: SQL only. */

/** The items of one reference list, in their sort order. */
export const referenceItemsOf = (db: Database, headerId: number) =>
  db
    .select({
      id: referenceItems.id,
      value: referenceItems.value,
      code: referenceItems.code,
      paramType: referenceItems.paramType,
      codeInteger: referenceItems.codeInteger,
    })
    .from(referenceItems)
    .where(eq(referenceItems.headerId, headerId))
    .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.id));

export const allCurrencies = (db: Database) =>
  db.select().from(currencies).orderBy(asc(currencies.id));

/** Every payment method, disabled ones included, with its currency. */
export const allPaymentMethods = (db: Database) =>
  db
    .select({
      id: paymentMethods.id,
      code: paymentMethods.code,
      name: paymentMethods.name,
      currencyId: currencies.id,
      currencyCode: currencies.code,
      currencyDimension: currencies.dimension,
      minAmount: paymentMethods.minAmount,
      maxAmount: paymentMethods.maxAmount,
      requisiteKind: paymentMethods.requisiteKind,
      enabled: paymentMethods.enabled,
    })
    .from(paymentMethods)
    .innerJoin(currencies, eq(currencies.id, paymentMethods.currencyId))
    .orderBy(asc(currencies.code), asc(paymentMethods.name), asc(paymentMethods.id));
