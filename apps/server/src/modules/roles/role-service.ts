import {
  ALL_PERMISSIONS,
  isKnownPermission,
  isRoleNameLength,
  normalisedRoleName,
  permissionsBeyond,
  platformOnlyAmong,
  roleDescriptionError,
  STAFF_LIMIT_MESSAGES,
} from '@paygate/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { roles } from '../../db/schema.ts';
import { invalid, notAllowed, notFoundError, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { type AuthenticatedPerson, endSessions } from '../auth/auth-entry.ts';
import { rolesShownTo } from './role-grants.ts';
import {
  countHolders,
  countMerchantBoundHolders,
  deleteRole,
  insertRole,
  type RoleRecord,
  roleNameTaken,
  selectHoldersWithoutSecondFactor,
  selectRole,
  selectRoles,
  updateRole,
} from './role-repository.ts';

/**
 * Roles (issue 22 item 2, decision 0019): the built-in four are read-only; custom roles are
 * composed from the permission table of packages/domain. Nobody grants a permission they do not
 * hold; a role someone holds cannot be deleted. Every change is audited with what changed.
 */

export const ROLE_MESSAGES = {
  notFound: 'Role not found',
  builtIn: 'Built-in roles cannot be changed or deleted',
  nameLength: STAFF_LIMIT_MESSAGES.roleNameLength,
  descriptionLength: STAFF_LIMIT_MESSAGES.roleDescriptionLength,
  nameTaken: (name: string) => `A role named "${name}" already exists`,
  noPermissions: STAFF_LIMIT_MESSAGES.noPermissions,
  unknownPermission: (permission: string) => `Unknown permission: ${permission}`,
  beyondOwn: (permissions: string[]) =>
    `You cannot grant permissions you do not hold: ${permissions.join(', ')}`,
  merchantBoundHolders: (permissions: string[]) =>
    `Users of a merchant hold this role, and they cannot hold: ${permissions.join(', ')}`,
  moreThanOwn: 'You cannot change or delete a role with permissions you do not hold',
  held: (holders: number) =>
    `The role is held by ${holders} ${holders === 1 ? 'user' : 'users'}; take it from them first`,
} as const;

export interface RoleInput {
  name: string;
  description?: string;
  permissions: string[];
  /** Holders must sign in with a second factor (those without one enrol at sign-in). */
  requiresTwoFactor?: boolean;
}

interface Actor {
  person: AuthenticatedPerson;
  sourceIp: string;
}

/** A role as the API shows it; `assignable`: the caller could give it (holds all it grants). */
export const presentRole = (role: RoleRecord, caller: AuthenticatedPerson) => ({
  id: role.id,
  name: role.name,
  description: role.description,
  permissions: role.permissions,
  builtIn: role.builtIn,
  requiresTwoFactor: role.requiresTwoFactor,
  holders: role.holders,
  assignable: permissionsBeyond(caller, role.permissions).length === 0,
  updatedAt: role.updatedAt.toISOString(),
});

/** The roles the caller is shown (`rolesShownTo`: a merchant's user manager, those they may give). */
export const listRoles = async (db: Database, caller: AuthenticatedPerson) =>
  rolesShownTo(caller, await selectRoles(db)).map((role) => presentRole(role, caller));

const requireRole = async (db: Database, id: number): Promise<RoleRecord> => {
  const role = await selectRole(db, id);
  if (!role) throw notFoundError(ROLE_MESSAGES.notFound);
  return role;
};

/**
 * The checked, normalised role: trimmed name and description (the length rules of
 * packages/domain, as the back office's form), known permissions each once in table order.
 */
const checkedRole = (input: RoleInput, actor: AuthenticatedPerson) => {
  const name = normalisedRoleName(input.name);
  if (!isRoleNameLength(name)) throw invalid(ROLE_MESSAGES.nameLength);
  const description = (input.description ?? '').trim();
  if (roleDescriptionError(description) !== null) throw invalid(ROLE_MESSAGES.descriptionLength);
  const unknown = input.permissions.find((permission) => !isKnownPermission(permission));
  if (unknown !== undefined) throw invalid(ROLE_MESSAGES.unknownPermission(unknown));
  // Table order, each once: the stored list does not depend on the order a client sent.
  const permissions = ALL_PERMISSIONS.filter((permission) =>
    input.permissions.includes(permission),
  );
  if (permissions.length === 0) throw invalid(ROLE_MESSAGES.noPermissions);
  const beyond = permissionsBeyond(actor, permissions);
  if (beyond.length > 0) throw notAllowed(ROLE_MESSAGES.beyondOwn(beyond));
  return {
    name,
    description,
    permissions,
    requiresTwoFactor: input.requiresTwoFactor ?? false,
  };
};

/** Another role has the name in some letter case (409 `role_name_taken`). */
const nameRefusal = (name: string) =>
  stateConflict(ROLE_MESSAGES.nameTaken(name), 'role_name_taken');

/** Locks the role row for the rest of the transaction: changes and deletes are serialised. */
const lockRole = async (db: Database, id: number) => {
  await db.execute(sql`select 1 from ${roles} where ${roles.id} = ${id} for update`);
};

export const createRole = async (db: Database, { person, sourceIp }: Actor, input: RoleInput) => {
  const role = checkedRole(input, person);
  const id = await db.transaction(async (tx) => {
    if (await roleNameTaken(tx, role.name)) throw nameRefusal(role.name);
    const roleId = await insertRole(tx, role);
    // Another request added a role of this name at the same moment: refused all the same.
    if (roleId === undefined) throw nameRefusal(role.name);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.roleCreated,
      description: `Created role "${role.name}"`,
      personId: person.id,
      merchantId: person.merchantId,
      entityType: 'role',
      entityId: roleId,
      sourceIp,
      details: {
        name: role.name,
        permissions: role.permissions,
        requiresTwoFactor: role.requiresTwoFactor,
      },
    });
    return roleId;
  });
  return presentRole(await requireRole(db, id), person);
};

const changesOf = (before: RoleRecord, after: ReturnType<typeof checkedRole>) => {
  const details: Record<string, unknown> = {};
  if (before.name !== after.name) details.name = { from: before.name, to: after.name };
  if (before.description !== after.description) {
    details.description = { from: before.description, to: after.description };
  }
  const added = after.permissions.filter((permission) => !before.permissions.includes(permission));
  const afterPermissions: readonly string[] = after.permissions;
  const removed = before.permissions.filter((permission) => !afterPermissions.includes(permission));
  if (added.length > 0) details.permissionsAdded = added;
  if (removed.length > 0) details.permissionsRemoved = removed;
  if (before.requiresTwoFactor !== after.requiresTwoFactor) {
    details.requiresTwoFactor = { from: before.requiresTwoFactor, to: after.requiresTwoFactor };
  }
  return details;
};

/**
 * Changes a custom role whose permissions the editor all holds. Its holders' permissions change
 * at their next request (they are read on every request).
 */
export const changeRole = async (
  db: Database,
  { person, sourceIp }: Actor,
  id: number,
  input: RoleInput,
) => {
  const role = checkedRole(input, person);
  await db.transaction(async (tx) => {
    await lockRole(tx, id);
    const before = await requireRole(tx, id);
    if (before.builtIn) throw stateConflict(ROLE_MESSAGES.builtIn);
    if (permissionsBeyond(person, before.permissions).length > 0) {
      throw notAllowed(ROLE_MESSAGES.moreThanOwn);
    }
    if (await roleNameTaken(tx, role.name, id)) throw nameRefusal(role.name);
    const platformOnly = platformOnlyAmong(role.permissions);
    if (platformOnly.length > 0 && (await countMerchantBoundHolders(tx, before.name)) > 0) {
      throw stateConflict(ROLE_MESSAGES.merchantBoundHolders(platformOnly));
    }
    const details = changesOf(before, role);
    if (Object.keys(details).length === 0) return;
    // Requiring a second factor holds from now on, not from each holder's next sign-in: holders
    // without one are signed out and enrol when they sign in again.
    const signedOut =
      role.requiresTwoFactor && !before.requiresTwoFactor
        ? await selectHoldersWithoutSecondFactor(tx, before.name)
        : [];
    for (const holder of signedOut) {
      await endSessions(tx, { personId: holder.id, reason: 'two-factor-required' });
    }
    if (signedOut.length > 0) details.signedOut = signedOut.map((holder) => holder.username);
    // Another request gave a role this name at the same moment: refused all the same.
    if (!(await updateRole(tx, id, role))) throw nameRefusal(role.name);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.roleChanged,
      description: `Changed role "${role.name}"`,
      personId: person.id,
      merchantId: person.merchantId,
      entityType: 'role',
      entityId: id,
      sourceIp,
      details,
    });
  });
  return presentRole(await requireRole(db, id), person);
};

/** Deletes a custom role nobody holds. */
export const removeRole = async (db: Database, { person, sourceIp }: Actor, id: number) => {
  await db.transaction(async (tx) => {
    await lockRole(tx, id);
    const role = await requireRole(tx, id);
    if (role.builtIn) throw stateConflict(ROLE_MESSAGES.builtIn);
    if (permissionsBeyond(person, role.permissions).length > 0) {
      throw notAllowed(ROLE_MESSAGES.moreThanOwn);
    }
    const holders = await countHolders(tx, role.name);
    if (holders > 0) throw stateConflict(ROLE_MESSAGES.held(holders));
    await deleteRole(tx, id);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.roleDeleted,
      description: `Deleted role "${role.name}"`,
      personId: person.id,
      merchantId: person.merchantId,
      entityType: 'role',
      entityId: id,
      sourceIp,
      details: { name: role.name, permissions: role.permissions },
    });
  });
};
