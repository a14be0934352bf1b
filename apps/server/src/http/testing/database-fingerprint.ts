import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';

/** Names of every table of the application's schema (migrations bookkeeping left out). */
export const applicationTables = async (db: Database): Promise<string[]> =>
  (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map(({ name }) => name);

/**
 * Per table its row count and newest row version (the largest xmin, the transaction that wrote
 * the row), in one round trip. A committed insert or update writes a row version newer than
 * every other and a delete lowers the count, so two equal fingerprints mean nothing was written
 * in between; cheaper than hashing every row on each of thousands of requests.
 */
export const databaseFingerprint = async (
  db: Database,
  tables: readonly string[],
): Promise<Record<string, string>> => {
  const columns = tables.map(
    (table) =>
      sql`(SELECT count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text
           FROM ${sql.identifier(table)}) AS ${sql.identifier(table)}`,
  );
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)}`,
  );
  return row ?? {};
};

/** Names of the tables whose fingerprints differ. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((table) => before[table] !== after[table]);

/** A hash of everything that belongs to one merchant: it, its terminals and their invoices. */
export const merchantFingerprint = async (db: Database, merchantId: number): Promise<string> => {
  const [row] = await queryRows<{ hash: string }>(
    db,
    sql`SELECT md5(coalesce(string_agg(row_text, '|' ORDER BY row_text), '')) AS hash FROM (
          SELECT m::text AS row_text FROM merchants m WHERE m.id = ${merchantId}
          UNION ALL SELECT t::text FROM terminals t WHERE t.merchant_id = ${merchantId}
          UNION ALL SELECT a::text FROM terminal_attributes a
            JOIN terminals t ON t.id = a.terminal_id WHERE t.merchant_id = ${merchantId}
          UNION ALL SELECT i::text FROM invoices i WHERE i.merchant_id = ${merchantId}
          UNION ALL SELECT s::text FROM support_tickets s
            JOIN invoices i ON i.id = s.invoice_id WHERE i.merchant_id = ${merchantId}
          UNION ALL SELECT c::text FROM callbacks c
            JOIN invoices i ON i.id = c.invoice_id WHERE i.merchant_id = ${merchantId}
          UNION ALL SELECT s::text FROM settlements s WHERE s.merchant_id = ${merchantId}
        ) rows`,
  );
  if (!row) throw new Error('fingerprint query returned nothing');
  return row.hash;
};
