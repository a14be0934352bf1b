import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from './database.ts';
import { apiKeys, people, providerCredentials, webhookSecrets } from './schema.ts';
import {
  isSealedUnderCurrentKey,
  isTotpSecretUnderCurrentKey,
  openSigningSecret,
  openTotpSecret,
  sealSigningSecret,
  sealTotpSecret,
  UNOPENABLE_SECRET_MESSAGE,
} from './secrets-at-rest.ts';

/** How the values of one kind are checked, opened (null: under no key) and sealed again. */
interface SealedValues {
  underCurrentKey: (stored: string) => boolean;
  open: (stored: string) => string | null;
  seal: (plain: string) => string;
  name: string;
}

const SIGNING_SECRETS: SealedValues = {
  underCurrentKey: isSealedUnderCurrentKey,
  // A plain value (written before sealing existed) opens as it is; one under no key throws.
  open: openSigningSecret,
  seal: sealSigningSecret,
  name: 'signing secret',
};

const TOTP_SECRETS: SealedValues = {
  underCurrentKey: isTotpSecretUnderCurrentKey,
  open: openTotpSecret,
  seal: sealTotpSecret,
  name: 'two-factor secret',
};

/** Every column of sealed secrets, with the key of its rows. */
const SEALED_COLUMNS: Array<{
  table: PgTable;
  key: PgColumn;
  column: PgColumn;
  values: SealedValues;
}> = [
  { table: apiKeys, key: apiKeys.id, column: apiKeys.secret, values: SIGNING_SECRETS },
  {
    table: webhookSecrets,
    key: webhookSecrets.id,
    column: webhookSecrets.secret,
    values: SIGNING_SECRETS,
  },
  {
    table: providerCredentials,
    key: providerCredentials.providerId,
    column: providerCredentials.signingSecret,
    values: SIGNING_SECRETS,
  },
  { table: people, key: people.id, column: people.totpSecret, values: TOTP_SECRETS },
  { table: people, key: people.id, column: people.totpPendingSecret, values: TOTP_SECRETS },
];

/**
 * At start, seals under the current key every secret at rest that is not: a signing secret
 * stored plain (written before sealing existed, or by hand), or any secret sealed under the
 * previous server secret (JWT_SECRET_PREVIOUS). A value that opens under no key stops the start:
 * the server secret changed without JWT_SECRET_PREVIOUS, and running on would fail every
 * merchant's signed call and every second factor. Each row is replaced only if it still holds
 * the value read, so instances starting together cannot overwrite a newer secret. Answers how
 * many were sealed.
 */
export const resealSecretsAtRest = async (db: Database): Promise<number> => {
  let sealed = 0;
  for (const { table, key, column, values } of SEALED_COLUMNS) {
    // Read and compared by hand: through a column type the values would be opened and sealed.
    const rows = await queryRows<{ key: number; value: string }>(
      db,
      sql`SELECT ${key} AS key, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const row of rows) {
      if (values.underCurrentKey(row.value)) continue;
      const plain = values.open(row.value);
      if (plain === null) throw new Error(`a stored ${values.name} ${UNOPENABLE_SECRET_MESSAGE}`);
      const where: SQL = sql`${key} = ${row.key} AND ${column} = ${row.value}`;
      await db.execute(
        sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${values.seal(plain)} WHERE ${where}`,
      );
      sealed += 1;
    }
  }
  return sealed;
};
