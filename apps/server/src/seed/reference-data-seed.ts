import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  currencies,
  paymentMethods,
  providers,
  referenceHeaders,
  referenceItems,
} from '../db/schema.ts';
import {
  CURRENCY_SEEDS,
  currencyId,
  PAYMENT_METHOD_SEEDS,
  PROVIDER_SEEDS,
  REFERENCE_HEADERS,
  REFERENCE_LISTS,
  referenceItemId,
} from './reference-data.ts';

/**
 * Inserts or refreshes the reference data at every start, in one transaction. Rows keep their
 * ids, so foreign keys stay valid; changed names and limits take effect.
 */
export const seedReferenceData = async (db: Database): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .insert(referenceHeaders)
      .values(REFERENCE_HEADERS.map(({ id, name }) => ({ id, name })))
      .onConflictDoUpdate({ target: referenceHeaders.id, set: { name: sql`excluded.name` } });

    const items = REFERENCE_HEADERS.flatMap(({ id: headerId, listName }) =>
      REFERENCE_LISTS[listName].map((item, index) => ({
        id: referenceItemId(headerId, index + 1),
        headerId,
        value: item.value,
        code: item.code ?? null,
        paramType: item.paramType ?? null,
        codeInteger: item.codeInteger ?? null,
        sortOrder: index + 1,
      })),
    );
    await tx
      .insert(referenceItems)
      .values(items)
      .onConflictDoUpdate({
        target: referenceItems.id,
        set: {
          value: sql`excluded.value`,
          code: sql`excluded.code`,
          paramType: sql`excluded.param_type`,
          codeInteger: sql`excluded.code_integer`,
          sortOrder: sql`excluded.sort_order`,
        },
      });

    await tx
      .insert(currencies)
      .values(CURRENCY_SEEDS.map((currency) => ({ ...currency, id: currencyId(currency.code) })))
      .onConflictDoUpdate({
        target: currencies.id,
        set: {
          name: sql`excluded.name`,
          dimension: sql`excluded.dimension`,
          minValue: sql`excluded.min_value`,
          maxValue: sql`excluded.max_value`,
        },
      });

    await tx
      .insert(paymentMethods)
      .values(
        PAYMENT_METHOD_SEEDS.map(({ currency, ...method }) => ({
          ...method,
          currencyId: currencyId(currency),
        })),
      )
      .onConflictDoUpdate({
        target: paymentMethods.code,
        set: {
          name: sql`excluded.name`,
          currencyId: sql`excluded.currency_id`,
          requisiteKind: sql`excluded.requisite_kind`,
          minAmount: sql`excluded.min_amount`,
          maxAmount: sql`excluded.max_amount`,
        },
      });

    await tx
      .insert(providers)
      .values([...PROVIDER_SEEDS])
      .onConflictDoUpdate({ target: providers.code, set: { name: sql`excluded.name` } });
  });
};
