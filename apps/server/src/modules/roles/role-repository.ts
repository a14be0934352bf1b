import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people, personRoles, roles } from '../../db/schema.ts';

/** The roles table and who holds each role. SQL only. */

export interface RoleRecord {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  builtIn: boolean;
  requiresTwoFactor: boolean;
  /** How many people hold the role. */
  holders: number;
  updatedAt: Date;
}

// Qualified by hand: drizzle leaves columns unqualified in a one-table select.
const holderCount = sql<number>`(select count(*)::int from person_roles pr where pr.role_name = "roles"."name")`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  permissions: roles.permissions,
  builtIn: roles.builtIn,
  requiresTwoFactor: roles.requiresTwoFactor,
  holders: holderCount,
  updatedAt: roles.updatedAt,
};

/** Every role: the built-in ones first, then custom ones by name. */
export const selectRoles = (db: Database): Promise<RoleRecord[]> =>
  db
    .select(roleColumns)
    .from(roles)
    .orderBy(sql`${roles.builtIn} desc`, asc(sql`lower(${roles.name})`));

export const selectRole = async (db: Database, id: number): Promise<RoleRecord | undefined> => {
  const [role] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return role;
};

/**
 * The roles of these names (any letter case is not matched: names are exact), share-locked until
 * the transaction ends: a change to one of them waits for the assignment that checked it, and then
 * sees its holders (a role gaining a platform-only permission while a merchant's user was being
 * given it passed both checks before).
 */
export const selectRolesByName = (
  db: Database,
  names: readonly string[],
): Promise<Pick<RoleRecord, 'name' | 'permissions' | 'requiresTwoFactor'>[]> =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .select({
          name: roles.name,
          permissions: roles.permissions,
          requiresTwoFactor: roles.requiresTwoFactor,
        })
        .from(roles)
        .where(inArray(roles.name, [...names]))
        .for('share');

/** The people holding the role who have no second factor, by username. */
export const selectHoldersWithoutSecondFactor = (
  db: Database,
  name: string,
): Promise<{ id: number; username: string }[]> =>
  db
    .select({ id: people.id, username: people.username })
    .from(personRoles)
    .innerJoin(people, eq(people.id, personRoles.personId))
    .where(sql`${personRoles.roleName} = ${name} and ${people.totpSecret} is null`)
    .orderBy(asc(people.username));

/** Whether another role has this name in any letter case. */
export const roleNameTaken = async (
  db: Database,
  name: string,
  exceptId?: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      exceptId === undefined
        ? sql`lower(${roles.name}) = lower(${name})`
        : sql`lower(${roles.name}) = lower(${name}) and ${roles.id} <> ${exceptId}`,
    );
  return row !== undefined;
};

/**
 * Inserts a role; undefined when another role has the name in some letter case after all: it was
 * added at the same moment (its check passed too). ON CONFLICT instead of a unique-violation
 * error, so the transaction stays usable.
 */
export const insertRole = async (
  db: Database,
  role: { name: string; description: string; permissions: string[]; requiresTwoFactor: boolean },
): Promise<number | undefined> => {
  const [row] = await db
    .insert(roles)
    .values(role)
    .onConflictDoNothing()
    .returning({ id: roles.id });
  return row?.id;
};

/** The unique indexes a role's name is checked against: exact (the key) and in any letter case. */
const ROLE_NAME_INDEXES = new Set(['roles_pkey', 'roles_name_ci_uq']);

/** Whether the error (or a cause of it: Drizzle wraps the driver's) is a role name's index refusing it. */
const isRoleNameViolation = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') {
      return ROLE_NAME_INDEXES.has(constraint);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Changes a custom role; its holders' rows follow a new name (ON UPDATE CASCADE). False, changing
 * nothing, when another role has the new name in some letter case after all: it was given it at
 * the same moment (its check passed too). An UPDATE has no ON CONFLICT: it runs in a savepoint,
 * so the transaction stays usable.
 */
export const updateRole = async (
  db: Database,
  id: number,
  role: { name: string; description: string; permissions: string[]; requiresTwoFactor: boolean },
): Promise<boolean> => {
  try {
    await db.transaction(async (savepoint) => {
      await savepoint
        .update(roles)
        .set({ ...role, updatedAt: sql`now()` })
        .where(eq(roles.id, id));
    });
    return true;
  } catch (error) {
    if (isRoleNameViolation(error)) return false;
    throw error;
  }
};

export const deleteRole = async (db: Database, id: number): Promise<void> => {
  await db.delete(roles).where(eq(roles.id, id));
};

/** How many people hold the role (read inside the deleting transaction). */
export const countHolders = async (db: Database, name: string): Promise<number> => {
  const [row] = await db
    .select({ holders: count() })
    .from(personRoles)
    .where(eq(personRoles.roleName, name));
  return row?.holders ?? 0;
};

/** How many holders of the role belong to a merchant (they may not hold platform permissions). */
export const countMerchantBoundHolders = async (db: Database, name: string): Promise<number> => {
  const [row] = await db
    .select({ holders: count() })
    .from(personRoles)
    .innerJoin(people, eq(people.id, personRoles.personId))
    .where(sql`${personRoles.roleName} = ${name} and ${people.merchantId} is not null`);
  return row?.holders ?? 0;
};
