import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people, personRoles } from '../../db/schema.ts';

/** The people rows behind signing in: usernames, password hashes, the first administrator. SQL only. */

/** The enabled person signing in as `username` (already trimmed and lower-cased), if any. */
export const findEnabledPersonByUsername = async (db: Database, username: string) => {
  const [person] = await db
    .select()
    .from(people)
    .where(and(sql`lower(${people.username}) = ${username}`, eq(people.enabled, true)));
  return person;
};

/** The enabled person of this id, if any. */
export const findEnabledPersonById = async (db: Database, personId: number) => {
  const [person] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, personId), eq(people.enabled, true)));
  return person;
};

/**
 * The person's password as it stands, read with a share lock: a password reset or change still
 * under way (it holds the row) is waited for, so what is read is its outcome.
 */
export const settledPasswordState = async (db: Database, personId: number) => {
  const [row] = await db
    .select({
      enabled: people.enabled,
      passwordHash: people.passwordHash,
      passwordChangedAt: people.passwordChangedAt,
    })
    .from(people)
    .where(eq(people.id, personId))
    .for('share');
  return row;
};

/** The merchant a person belongs to: null for platform staff and for no such person. */
export const merchantIdOfPerson = async (
  db: Database,
  personId: number,
): Promise<number | null> => {
  const [row] = await db
    .select({ merchantId: people.merchantId })
    .from(people)
    .where(eq(people.id, personId));
  return row?.merchantId ?? null;
};

/** The stored password hash of a person: null before they set one, undefined for no such person. */
export const findPasswordHash = async (
  db: Database,
  personId: number,
): Promise<string | null | undefined> => {
  const [row] = await db
    .select({ passwordHash: people.passwordHash })
    .from(people)
    .where(eq(people.id, personId));
  return row?.passwordHash;
};

/** Stores a new password hash and when it changed (now). */
export const storePasswordHash = async (
  db: Database,
  personId: number,
  passwordHash: string,
): Promise<void> => {
  await db
    .update(people)
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where(eq(people.id, personId));
};

/**
 * The person holding this username in any letter case, if any: their merchant (null: platform
 * staff), so that whoever is told the username is taken is told only what they may know.
 */
export const usernameHolder = async (
  db: Database,
  username: string,
): Promise<{ merchantId: number | null } | undefined> => {
  const [existing] = await db
    .select({ merchantId: people.merchantId })
    .from(people)
    .where(sql`lower(${people.username}) = lower(${username})`);
  return existing;
};

/** Whether a person with this username exists, in any letter case. */
export const usernameTaken = async (db: Database, username: string): Promise<boolean> =>
  (await usernameHolder(db, username)) !== undefined;

/**
 * Inserts a platform administrator (no merchant, the admin role) without a password, which they
 * set through a one-time link; returns the new person's id.
 */
export const insertAdministrator = async (
  db: Database,
  username: string,
): Promise<number | undefined> =>
  db.transaction(async (tx) => {
    // Undefined when the username was taken in some letter case after all (added at the same
    // moment): ON CONFLICT instead of a unique-violation error, so the caller can say so.
    const [person] = await tx
      .insert(people)
      .values({ username, firstName: 'Administrator', lastName: username })
      .onConflictDoNothing()
      .returning({ id: people.id });
    if (!person) return undefined;
    await tx.insert(personRoles).values({ personId: person.id, roleName: 'admin' });
    return person.id;
  });
