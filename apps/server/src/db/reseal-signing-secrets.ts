import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from './database.ts';
import { apiKeys, providerCredentials, webhookSecrets } from './schema.ts';
import {
  isSealedUnderCurrentKey,
  openSigningSecret,
  sealSigningSecret,
} from './secrets-at-rest.ts';

/** Every column of sealed signing secrets, with the key of its rows. */
const SEALED_COLUMNS: Array<{ table: PgTable; key: PgColumn; column: PgColumn }> = [
  { table: apiKeys, key: apiKeys.id, column: apiKeys.secret },
  { table: webhookSecrets, key: webhookSecrets.id, column: webhookSecrets.secret },
  {
    table: providerCredentials,
    key: providerCredentials.providerId,
    column: providerCredentials.signingSecret,
  },
];

/**
 * At start, seals under the current key every signing secret that is not: stored plain (written
 * before sealing existed, or by hand) or sealed under the previous server secret. Each row is
 * replaced only if it still holds the value read, so instances starting together cannot
 * overwrite a newer secret. Answers how many were sealed.
 */
export const resealSigningSecrets = async (db: Database): Promise<number> => {
  let sealed = 0;
  for (const { table, key, column } of SEALED_COLUMNS) {
    // Read and compared by hand: through the column type the values would be opened and sealed.
    const rows = await queryRows<{ key: number; value: string }>(
      db,
      sql`SELECT ${key} AS key, ${column} AS value FROM ${table}`,
    );
    for (const row of rows) {
      if (isSealedUnderCurrentKey(row.value)) continue;
      const secret = sealSigningSecret(openSigningSecret(row.value));
      const where: SQL = sql`${key} = ${row.key} AND ${column} = ${row.value}`;
      await db.execute(
        sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${secret} WHERE ${where}`,
      );
      sealed += 1;
    }
  }
  return sealed;
};
