import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people, recoveryCodes } from '../../db/schema.ts';

/** A person's second factor: the TOTP secret, its last step, recovery codes. SQL only. */

export interface TwoFactorRecord {
  personId: number;
  username: string;
  merchantId: number | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  totpPendingSecret: string | null;
  /** One of the person's roles requires a second factor. */
  required: boolean;
  recoveryCodesLeft: number;
  /** Wrong codes of the second factor since its last right one. */
  secondFactorFailures: number;
}

/** The person's second-factor state, locked for the rest of the transaction when `lock`. */
export const selectTwoFactor = async (
  db: Database,
  personId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<TwoFactorRecord | undefined> => {
  if (lock)
    await db.execute(sql`select 1 from ${people} where ${people.id} = ${personId} for update`);
  const [row] = await db
    .select({
      personId: people.id,
      username: people.username,
      merchantId: people.merchantId,
      totpSecret: people.totpSecret,
      totpEnabledAt: people.totpEnabledAt,
      totpLastStep: people.totpLastStep,
      totpPendingSecret: people.totpPendingSecret,
      secondFactorFailures: people.secondFactorFailures,
      // Qualified by hand: drizzle leaves columns unqualified in a one-table select, and inside
      // these subqueries "id" would then name the inner table's column.
      required: sql<boolean>`exists (select 1 from person_roles pr join roles r on r.name = pr.role_name where pr.person_id = "people"."id" and r.requires_two_factor)`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from recovery_codes rc where rc.person_id = "people"."id" and rc.used_at is null)`,
    })
    .from(people)
    .where(eq(people.id, personId));
  return row;
};

export const storePendingSecret = async (
  db: Database,
  personId: number,
  encryptedSecret: string,
): Promise<void> => {
  await db
    .update(people)
    .set({ totpPendingSecret: encryptedSecret })
    .where(eq(people.id, personId));
};

/** The pending secret becomes the person's second factor, its first code's step remembered. */
export const enableTotp = async (
  db: Database,
  personId: number,
  { encryptedSecret, step }: { encryptedSecret: string; step: number },
): Promise<void> => {
  await db
    .update(people)
    .set({
      totpSecret: encryptedSecret,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
      totpPendingSecret: null,
    })
    .where(eq(people.id, personId));
};

export const storeLastStep = async (
  db: Database,
  personId: number,
  step: number,
): Promise<void> => {
  await db.update(people).set({ totpLastStep: step }).where(eq(people.id, personId));
};

/** Counts a wrong code of the second factor; answers the wrong codes in a row now. */
export const countSecondFactorFailure = async (db: Database, personId: number): Promise<number> => {
  const [row] = await db
    .update(people)
    .set({ secondFactorFailures: sql`${people.secondFactorFailures} + 1` })
    .where(eq(people.id, personId))
    .returning({ failures: people.secondFactorFailures });
  return row?.failures ?? 0;
};

/** A right code: the wrong ones before it no longer count. */
export const clearSecondFactorFailures = async (db: Database, personId: number): Promise<void> => {
  await db.update(people).set({ secondFactorFailures: 0 }).where(eq(people.id, personId));
};

/** Removes the second factor and its recovery codes (and the count of wrong codes). */
export const disableTotp = async (db: Database, personId: number): Promise<void> => {
  await db
    .update(people)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpPendingSecret: null,
      secondFactorFailures: 0,
    })
    .where(eq(people.id, personId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
};

/** Replaces the person's recovery codes with these (their stored forms). */
export const replaceRecoveryCodes = async (
  db: Database,
  personId: number,
  codeHashes: readonly string[],
): Promise<void> => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ personId, codeHash })));
};

/** The person's unused recovery codes as stored (salted hashes, or bare ones from before). */
export const selectUnusedRecoveryCodes = (
  db: Database,
  personId: number,
): Promise<{ id: number; codeHash: string }[]> =>
  db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.personId, personId), isNull(recoveryCodes.usedAt)));

/**
 * Marks a recovery code used if it is still unused; false when it was used already. Conditional,
 * so two sign-ins with the same code cannot both have it.
 */
export const useRecoveryCode = async (db: Database, recoveryCodeId: number): Promise<boolean> => {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.id, recoveryCodeId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
};

export const countUnusedRecoveryCodes = async (db: Database, personId: number): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.personId, personId), isNull(recoveryCodes.usedAt)));
  return row?.total ?? 0;
};
