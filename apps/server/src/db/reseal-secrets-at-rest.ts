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

/**
 * What to do with a stored value that opens under no key: stop the start, clear it (a value
 * that can simply be made again), or leave it as it is and report its row.
 */
type WhenUnopenable = 'stop' | 'clear' | 'report';

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

/**
 * Every column of sealed secrets, with the key of its rows.
 * - Signing secrets that open under no key stop the start: the server secret changed without
 *   JWT_SECRET_PREVIOUS, and running on would fail every merchant's signed call.
 * - A pending TOTP secret (an enrolment not confirmed yet) is cleared: the person starts the
 *   set-up again.
 * - An enabled TOTP secret is left as it is and reported: until a change of JWT_SECRET kept
 *   them (before JWT_SECRET_PREVIOUS covered them), the advice was to reset second factors after
 *   one, so a database can hold some that no key opens. Such a person signs in with a recovery
 *   code or is reset by an administrator; a start with JWT_SECRET_PREVIOUS set to the secret
 *   they were sealed under still reseals them.
 */
const SEALED_COLUMNS: Array<{
  table: PgTable;
  key: PgColumn;
  column: PgColumn;
  values: SealedValues;
  whenUnopenable: WhenUnopenable;
}> = [
  {
    table: apiKeys,
    key: apiKeys.id,
    column: apiKeys.secret,
    values: SIGNING_SECRETS,
    whenUnopenable: 'stop',
  },
  {
    table: webhookSecrets,
    key: webhookSecrets.id,
    column: webhookSecrets.secret,
    values: SIGNING_SECRETS,
    whenUnopenable: 'stop',
  },
  {
    table: providerCredentials,
    key: providerCredentials.providerId,
    column: providerCredentials.signingSecret,
    values: SIGNING_SECRETS,
    whenUnopenable: 'stop',
  },
  {
    table: people,
    key: people.id,
    column: people.totpSecret,
    values: TOTP_SECRETS,
    whenUnopenable: 'report',
  },
  {
    table: people,
    key: people.id,
    column: people.totpPendingSecret,
    values: TOTP_SECRETS,
    whenUnopenable: 'clear',
  },
];

export interface ResealOutcome {
  /** Values sealed again under the current key. */
  sealed: number;
  /** Pending enrolments cleared because their secret opened under no key. */
  clearedEnrolments: number;
  /** People whose enabled second factor opens under no key (left as they are). */
  unopenedSecondFactors: number[];
}

/**
 * At start, seals under the current key every secret at rest that is not: a signing secret
 * stored plain (written before sealing existed, or by hand), or any secret sealed under the
 * previous server secret (JWT_SECRET_PREVIOUS). What opens under no key is handled per column
 * (SEALED_COLUMNS). Each row is changed only if it still holds the value read, so instances
 * starting together cannot overwrite a newer secret.
 */
export const resealSecretsAtRest = async (db: Database): Promise<ResealOutcome> => {
  const outcome: ResealOutcome = { sealed: 0, clearedEnrolments: 0, unopenedSecondFactors: [] };
  for (const { table, key, column, values, whenUnopenable } of SEALED_COLUMNS) {
    // Read and compared by hand: through a column type the values would be opened and sealed.
    const rows = await queryRows<{ key: number; value: string }>(
      db,
      sql`SELECT ${key} AS key, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const row of rows) {
      if (values.underCurrentKey(row.value)) continue;
      const plain = values.open(row.value);
      if (plain === null && whenUnopenable === 'stop') {
        throw new Error(`a stored ${values.name} ${UNOPENABLE_SECRET_MESSAGE}`);
      }
      if (plain === null && whenUnopenable === 'report') {
        outcome.unopenedSecondFactors.push(row.key);
        continue;
      }
      const unchanged: SQL = sql`${key} = ${row.key} AND ${column} = ${row.value}`;
      const changed = await queryRows(
        db,
        sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${plain === null ? null : values.seal(plain)}
            WHERE ${unchanged} RETURNING 1 AS changed`,
      );
      if (changed.length === 0) continue;
      if (plain === null) outcome.clearedEnrolments += 1;
      else outcome.sealed += 1;
    }
  }
  return outcome;
};

/** What a start says about second factors the pass could not open (nothing when all opened). */
export const resealWarnings = ({
  clearedEnrolments,
  unopenedSecondFactors,
}: ResealOutcome): string[] => [
  ...(unopenedSecondFactors.length > 0
    ? [
        `${unopenedSecondFactors.length} two-factor secret(s) cannot be opened under JWT_SECRET ` +
          `(people ids ${unopenedSecondFactors.join(', ')}): set JWT_SECRET_PREVIOUS to the secret ` +
          'they were sealed under for one start, or reset their two-factor sign-in (Users); ' +
          'until then they sign in with a recovery code.',
      ]
    : []),
  ...(clearedEnrolments > 0
    ? [
        `${clearedEnrolments} unfinished two-factor set-up(s) could not be opened under JWT_SECRET ` +
          'and were cleared: those people start the set-up again.',
      ]
    : []),
];
