import { and, asc, count, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  merchants,
  passwordResetTokens,
  people,
  personRoles,
  roles,
  sessions,
} from '../../db/schema.ts';

/** Back-office users (people), their roles and their one-time set-password links. SQL only. */

export interface UserRecord {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  merchantId: number | null;
  merchantName: string | null;
  roles: string[];
  /** Their roles' permissions and their extra ones, each once. */
  permissions: string[];
  enabled: boolean;
  hasPassword: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  liveSessions: number;
}

const roleNames = sql<string[]>`coalesce(
  (select array_agg(${personRoles.roleName} order by ${personRoles.roleName})
     from ${personRoles} where ${personRoles.personId} = ${people.id}),
  '{}'::text[])`;

const permissions = sql<string[]>`coalesce(
  (select array_agg(distinct permission) from (
     select unnest(${roles.permissions}) as permission
       from ${personRoles} join ${roles} on ${roles.name} = ${personRoles.roleName}
      where ${personRoles.personId} = ${people.id}
     union select unnest(${people.extraPermissions})) as granted),
  '{}'::text[])`;

const userColumns = {
  id: people.id,
  username: people.username,
  firstName: people.firstName,
  lastName: people.lastName,
  merchantId: people.merchantId,
  merchantName: merchants.name,
  roles: roleNames,
  permissions,
  enabled: people.enabled,
  hasPassword: sql<boolean>`${people.passwordHash} is not null`,
  twoFactorEnabled: sql<boolean>`${people.totpSecret} is not null`,
  createdAt: people.createdAt,
  lastSignInAt: sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.personId} = ${people.id})`,
  liveSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.personId} = ${people.id} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
};

/** Which users a list shows: a merchant's (or everyone's), matching a search. */
export interface UserFilters {
  /** undefined: every user; a number: that merchant's users only. */
  merchantId?: number;
  /** Part of the username, first or last name, any letter case. */
  search?: string;
  enabled?: boolean;
}

const whereOf = ({ merchantId, search, enabled }: UserFilters): SQL | undefined => {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  return and(
    merchantId === undefined ? undefined : eq(people.merchantId, merchantId),
    enabled === undefined ? undefined : eq(people.enabled, enabled),
    pattern === undefined
      ? undefined
      : sql`(${people.username} ilike ${pattern} or ${people.firstName} ilike ${pattern} or ${people.lastName} ilike ${pattern} or (${people.firstName} || ' ' || ${people.lastName}) ilike ${pattern})`,
  );
};

export const selectUserPage = (
  db: Database,
  filters: UserFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<UserRecord[]> =>
  db
    .select(userColumns)
    .from(people)
    .leftJoin(merchants, eq(merchants.id, people.merchantId))
    .where(whereOf(filters))
    .orderBy(asc(sql`lower(${people.username})`), asc(people.id))
    .limit(limit)
    .offset(offset);

export const countUsers = async (db: Database, filters: UserFilters): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(people).where(whereOf(filters));
  return row?.total ?? 0;
};

export const selectUser = async (db: Database, id: number): Promise<UserRecord | undefined> => {
  const [user] = await db
    .select(userColumns)
    .from(people)
    .leftJoin(merchants, eq(merchants.id, people.merchantId))
    .where(eq(people.id, id));
  return user;
};

/** Locks a person's row for the rest of the transaction (changes to one user are serialised). */
export const lockUser = async (db: Database, id: number): Promise<void> => {
  await db.execute(sql`select 1 from ${people} where ${people.id} = ${id} for update`);
};

/**
 * Serialises every change that could leave no active administrator (a transaction-scoped
 * advisory lock): two administrators deactivating each other cannot both succeed.
 */
export const lockAdministrators = async (db: Database): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('paygate:administrators'))`);
};

/**
 * Enabled people holding the built-in admin role who can sign in (they have set a password),
 * other than `exceptId`. One who never used their set-password link cannot administer anything,
 * and once the link expires nobody could.
 */
export const countOtherActiveAdministrators = async (
  db: Database,
  exceptId: number,
): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(people)
    .innerJoin(personRoles, eq(personRoles.personId, people.id))
    .where(
      and(
        eq(personRoles.roleName, 'admin'),
        eq(people.enabled, true),
        isNotNull(people.passwordHash),
        sql`${people.id} <> ${exceptId}`,
      ),
    );
  return row?.total ?? 0;
};

export const merchantExists = async (db: Database, merchantId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row !== undefined;
};

/**
 * Inserts a user; undefined when the username is taken in some letter case after all: another
 * request added it at the same moment (its check passed too). ON CONFLICT instead of a
 * unique-violation error, so the transaction stays usable to say who holds it.
 */
export const insertUser = async (
  db: Database,
  user: { username: string; firstName: string; lastName: string; merchantId: number | null },
): Promise<number | undefined> => {
  const [row] = await db
    .insert(people)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: people.id });
  return row?.id;
};

export const updateUserFields = async (
  db: Database,
  id: number,
  fields: Partial<{ firstName: string; lastName: string; enabled: boolean }>,
): Promise<void> => {
  if (Object.keys(fields).length === 0) return;
  await db.update(people).set(fields).where(eq(people.id, id));
};

/** Replaces a person's roles with exactly these. */
export const replaceUserRoles = async (
  db: Database,
  personId: number,
  roleNames: readonly string[],
): Promise<void> => {
  await db.delete(personRoles).where(eq(personRoles.personId, personId));
  if (roleNames.length > 0) {
    await db.insert(personRoles).values(roleNames.map((roleName) => ({ personId, roleName })));
  }
};

/** Forgets a person's password: only a new one-time link lets them in again. */
export const clearPassword = async (db: Database, personId: number): Promise<void> => {
  await db
    .update(people)
    .set({ passwordHash: null, passwordChangedAt: sql`now()` })
    .where(eq(people.id, personId));
};

// One-time set-password links.

/** Makes the person's unused links stop working (marked used now). */
export const cancelUnusedResetTokens = async (db: Database, personId: number): Promise<void> => {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.personId, personId), isNull(passwordResetTokens.usedAt)));
};

/** Stores a link (its hash); earlier unused links of the person stop working. */
export const insertResetToken = async (
  db: Database,
  token: { personId: number; tokenHash: string; createdBy: number | null; expiresAt: Date },
): Promise<void> => {
  await cancelUnusedResetTokens(db, token.personId);
  await db.insert(passwordResetTokens).values(token);
};

/** The unused, unexpired link of this hash with its enabled person, locked until commit. */
export const findUsableResetToken = async (db: Database, tokenHash: string) => {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      personId: people.id,
      username: people.username,
      merchantId: people.merchantId,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .innerJoin(people, eq(people.id, passwordResetTokens.personId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        eq(people.enabled, true),
      ),
    )
    .for('update', { of: passwordResetTokens });
  return row;
};

export const markResetTokenUsed = async (db: Database, id: number): Promise<void> => {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(passwordResetTokens.id, id));
};
