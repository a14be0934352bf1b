import {
  effectivePermissions,
  mayManageUser,
  mayReachMerchant,
  PERSON_NAME_MAX_LENGTH,
  personNameError,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
  userManagementReach,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, notFoundError, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import {
  type AuthenticatedPerson,
  endSessions,
  removeSecondFactor,
  requireRecentAuthentication,
  usernameHolder,
} from '../auth/auth-entry.ts';
import { roleGrantRefusal, selectRolesByName } from '../roles/roles-entry.ts';
import { issuePasswordLink, type PasswordLink } from './password-link-service.ts';
import {
  cancelUnusedResetTokens,
  clearPassword,
  countOtherActiveAdministrators,
  countUsers,
  insertUser,
  lockAdministrators,
  lockUser,
  merchantExists,
  replaceUserRoles,
  selectUser,
  selectUserPage,
  type UserRecord,
  updateUserFields,
} from './user-repository.ts';

/**
 * Back-office users (issue 22 item 1, decision 0019). Who may act on whom comes from
 * packages/domain (`userManagementReach`, `mayManageUser`): user.manage reaches everyone,
 * user.manage.own the actor's own merchant; nobody acts on a user holding a permission they lack
 * or grants one. Users outside the actor's reach do not exist for them (404). Deactivating ends
 * the user's sessions at once; the last active administrator stays. Every change is audited.
 */

export const USER_MESSAGES = {
  notFound: 'User not found',
  usernameTaken: (username: string) => `User ${username} already exists`,
  /**
   * A username held outside the caller's reach (another merchant's user, or the platform's): it
   * cannot be used (usernames are unique for sign-in), but whose it is stays unsaid.
   */
  usernameUnavailable: 'This username cannot be used. Choose another.',
  name: `First and last name are required, at most ${PERSON_NAME_MAX_LENGTH} characters each`,
  noRoles: 'Choose at least one role',
  unknownRole: (name: string) => `Unknown role: ${name}`,
  merchantNotFound: 'Merchant not found',
  beyondOwn: (permissions: string[]) =>
    `You cannot grant permissions you do not hold: ${permissions.join(', ')}`,
  platformOnly: (permissions: string[]) =>
    `A user of a merchant cannot hold: ${permissions.join(', ')}`,
  moreThanOwn: 'You cannot change a user who holds permissions you do not hold',
  self: 'You cannot deactivate yourself',
  ownSecurity:
    'Change your own password and second factor under Settings, Security, ' +
    'where your current password or code is asked',
  noSecondFactor: 'This user has no second factor to reset',
  lastAdministrator: 'The last active administrator cannot be deactivated or lose the admin role',
  ownRoles: 'Your own roles are changed by another user manager',
  actorInactive: 'Your account has been deactivated',
} as const;

export interface Actor {
  person: AuthenticatedPerson;
  sourceIp: string;
}

export const presentUser = (user: UserRecord, actor: AuthenticatedPerson) => ({
  id: user.id,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  merchantId: user.merchantId,
  merchantName: user.merchantName,
  roles: user.roles,
  permissions: user.permissions,
  enabled: user.enabled,
  hasPassword: user.hasPassword,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt.toISOString(),
  lastSignInAt: user.lastSignInAt ? new Date(user.lastSignInAt).toISOString() : null,
  liveSessions: user.liveSessions,
  manageable: user.id !== actor.id && mayManageUser(actor, user),
});

/** The merchants a list may show: every user, or the actor's merchant's only. */
const listScope = (actor: AuthenticatedPerson): { merchantId?: number } => {
  const reach = userManagementReach(actor);
  if (reach === 'all') return {};
  if (reach === 'own-merchant' && actor.merchantId !== null)
    return { merchantId: actor.merchantId };
  throw notAllowed();
};

export const listUsers = async (
  db: Database,
  actor: AuthenticatedPerson,
  query: { page: number; size: number; search?: string; enabled?: boolean; merchantId?: number },
) => {
  const scope = listScope(actor);
  if (scope.merchantId !== undefined && query.merchantId !== undefined) {
    if (query.merchantId !== scope.merchantId)
      return { items: [], page: query.page, size: query.size, total: 0 };
  }
  const search = query.search?.trim() || undefined;
  const filters = {
    merchantId: scope.merchantId ?? query.merchantId,
    search,
    enabled: query.enabled,
  };
  const rows = await selectUserPage(db, filters, {
    limit: query.size,
    offset: query.page * query.size,
  });
  return {
    items: rows.map((user) => presentUser(user, actor)),
    page: query.page,
    size: query.size,
    total: await countUsers(db, filters),
  };
};

/**
 * The actor as they are now, read inside the change's transaction (a user change: under the
 * administrators' lock; a reset: once the user's row is locked): what they may do comes from
 * their roles at this moment, not those their session was loaded with. Two user managers taking
 * each other's access at the same moment (deactivating, or removing the role that lets them
 * manage users) would otherwise both succeed, the second waiting for the lock and then acting
 * with the access the first had just taken away, and leave a merchant with no manager.
 */
const actorAsNow = async (
  tx: Database,
  person: AuthenticatedPerson,
): Promise<AuthenticatedPerson> => {
  const now = await selectUser(tx, person.id);
  if (!now?.enabled) throw notAllowed(USER_MESSAGES.actorInactive);
  return {
    ...person,
    roles: now.roles,
    permissions: effectivePermissions(now.merchantId, now.permissions),
  };
};

/** A user within the actor's reach; anyone else is not found. */
const requireVisibleUser = async (
  db: Database,
  actor: AuthenticatedPerson,
  id: number,
): Promise<UserRecord> => {
  const user = await selectUser(db, id);
  if (!user || !mayReachMerchant(actor, user.merchantId)) {
    throw notFoundError(USER_MESSAGES.notFound);
  }
  return user;
};

export const userDetails = async (db: Database, actor: AuthenticatedPerson, id: number) =>
  presentUser(await requireVisibleUser(db, actor, id), actor);

/** A visible user the actor may change: holds nothing the actor lacks. */
const requireManageableUser = async (db: Database, actor: AuthenticatedPerson, id: number) => {
  const user = await requireVisibleUser(db, actor, id);
  if (!mayManageUser(actor, user)) throw notAllowed(USER_MESSAGES.moreThanOwn);
  return user;
};

/**
 * The role names, sorted, after checking the roles exist and the actor may give them, and which
 * of them require a second factor.
 */
const checkedRoles = async (
  db: Database,
  actor: AuthenticatedPerson,
  roleNames: readonly string[],
  merchantId: number | null,
): Promise<{ names: string[]; requiringTwoFactor: string[] }> => {
  const names = [...new Set(roleNames.map((name) => name.trim()))];
  if (names.length === 0) throw invalid(USER_MESSAGES.noRoles);
  const found = await selectRolesByName(db, names);
  const missing = names.find((name) => !found.some((role) => role.name === name));
  if (missing !== undefined) throw invalid(USER_MESSAGES.unknownRole(missing));
  const granted = [...new Set(found.flatMap((role) => role.permissions))];
  // The rule the roles list of a merchant's user manager is filtered by, too.
  const refusal = roleGrantRefusal(actor, granted, merchantId);
  if (refusal?.reason === 'beyond-own') {
    throw notAllowed(USER_MESSAGES.beyondOwn(refusal.permissions));
  }
  if (refusal?.reason === 'platform-only') {
    throw invalid(USER_MESSAGES.platformOnly(refusal.permissions));
  }
  const requiringTwoFactor = found.filter((role) => role.requiresTwoFactor).map(({ name }) => name);
  return { names: names.sort(), requiringTwoFactor };
};

/** A first or last name, trimmed, by packages/domain's personNameError (as the user form). */
const checkedName = (value: string): string => {
  if (personNameError(value) !== null) throw invalid(USER_MESSAGES.name);
  return value.trim();
};

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  merchantId: number | null;
  roles: string[];
}

/**
 * The refusal of a taken username (409 `username_taken`). Usernames are unique across the
 * platform, so a taken one is refused whoever holds it; but only someone who could see its holder
 * is told it is a user's (decision 0019).
 */
const usernameRefusal = (
  person: AuthenticatedPerson,
  username: string,
  holder: { merchantId: number | null } | undefined,
) =>
  stateConflict(
    holder && mayReachMerchant(person, holder.merchantId)
      ? USER_MESSAGES.usernameTaken(username)
      : USER_MESSAGES.usernameUnavailable,
    'username_taken',
  );

/**
 * Adds a user without a password: the answer carries their one-time set-password link, shown to
 * the administrator once (there is no e-mail); the user chooses their password through it.
 */
export const createUser = async (db: Database, { person, sourceIp }: Actor, input: NewUser) => {
  const username = input.username.trim();
  if (!USERNAME_PATTERN.test(username)) throw invalid(USERNAME_MESSAGE);
  const firstName = checkedName(input.firstName);
  const lastName = checkedName(input.lastName);
  // Another merchant looks exactly like one that does not exist.
  if (!mayReachMerchant(person, input.merchantId)) {
    throw notFoundError(USER_MESSAGES.merchantNotFound);
  }
  const { id, link } = await db.transaction(async (tx) => {
    if (input.merchantId !== null && !(await merchantExists(tx, input.merchantId))) {
      throw notFoundError(USER_MESSAGES.merchantNotFound);
    }
    const { names: roleNames } = await checkedRoles(tx, person, input.roles, input.merchantId);
    const holder = await usernameHolder(tx, username);
    if (holder) throw usernameRefusal(person, username, holder);
    const userId = await insertUser(tx, {
      username,
      firstName,
      lastName,
      merchantId: input.merchantId,
    });
    // Another request added the username at the same moment: refused all the same.
    if (userId === undefined) {
      throw usernameRefusal(person, username, await usernameHolder(tx, username));
    }
    await replaceUserRoles(tx, userId, roleNames);
    const passwordLink = await issuePasswordLink(tx, userId, person.id);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.userCreated,
      description: `Added user ${username}`,
      personId: person.id,
      merchantId: input.merchantId,
      entityType: 'person',
      entityId: userId,
      sourceIp,
      details: { username, merchantId: input.merchantId, roles: roleNames },
    });
    return { id: userId, link: passwordLink };
  });
  return {
    user: presentUser(await requireVisibleUser(db, person, id), person),
    passwordLink: link,
  };
};

export interface UserChange {
  firstName?: string;
  lastName?: string;
  roles?: string[];
  enabled?: boolean;
}

/** Names, roles and the enabled flag of a user the actor may manage. */
export const changeUser = async (
  db: Database,
  { person, sourceIp }: Actor,
  id: number,
  change: UserChange,
) => {
  await db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const actor = await actorAsNow(tx, person);
    await lockUser(tx, id);
    const before = await requireManageableUser(tx, actor, id);
    const details: Record<string, unknown> = {};
    const fields: { firstName?: string; lastName?: string; enabled?: boolean } = {};
    if (change.firstName !== undefined) {
      const firstName = checkedName(change.firstName);
      if (firstName !== before.firstName) {
        fields.firstName = firstName;
        details.firstName = { from: before.firstName, to: firstName };
      }
    }
    if (change.lastName !== undefined) {
      const lastName = checkedName(change.lastName);
      if (lastName !== before.lastName) {
        fields.lastName = lastName;
        details.lastName = { from: before.lastName, to: lastName };
      }
    }
    let roleNames = before.roles;
    let requiringTwoFactor: string[] = [];
    if (change.roles !== undefined) {
      ({ names: roleNames, requiringTwoFactor } = await checkedRoles(
        tx,
        actor,
        change.roles,
        before.merchantId,
      ));
      // Compared as sets: the database orders names by its collation, JavaScript by UTF-16.
      const sameRoles =
        roleNames.length === before.roles.length &&
        roleNames.every((name) => before.roles.includes(name));
      if (!sameRoles) {
        // Nobody reshapes their own access: a role change of one's own could drop a role that
        // requires a second factor (then turn it off) or any other rule bound to a role.
        if (id === person.id) throw stateConflict(USER_MESSAGES.ownRoles);
        details.roles = { from: before.roles, to: roleNames };
      }
    }
    if (change.enabled !== undefined && change.enabled !== before.enabled) {
      if (!change.enabled && id === person.id) throw stateConflict(USER_MESSAGES.self);
      fields.enabled = change.enabled;
      details.enabled = { from: before.enabled, to: change.enabled };
    }
    if (Object.keys(details).length === 0) return;
    // Giving a role or reactivating hands out access: a recent sign-in is asked (decision 0019).
    // Names, removing roles and deactivating are not slowed down.
    const rolesGiven = roleNames.some((name) => !before.roles.includes(name));
    if (rolesGiven || fields.enabled === true) requireRecentAuthentication(person);

    const wasAdministrator = before.enabled && before.roles.includes('admin');
    const staysAdministrator = (fields.enabled ?? before.enabled) && roleNames.includes('admin');
    if (wasAdministrator && !staysAdministrator) {
      if ((await countOtherActiveAdministrators(tx, id)) === 0) {
        throw stateConflict(USER_MESSAGES.lastAdministrator);
      }
    }

    await updateUserFields(tx, id, fields);
    if (details.roles) await replaceUserRoles(tx, id, roleNames);
    if (fields.enabled === false) {
      await endSessions(tx, { personId: id, reason: 'deactivated' });
      // A link issued before (perhaps the very reason for the deactivation: it leaked) must not
      // come back to life when the user is reactivated.
      await cancelUnusedResetTokens(tx, id);
    } else if (
      !before.twoFactorEnabled &&
      requiringTwoFactor.some((name) => !before.roles.includes(name))
    ) {
      // A role given now that requires a second factor holds from now on: signed out, the user
      // enrols at the next sign-in (as when a role they hold starts requiring one).
      const ended = await endSessions(tx, { personId: id, reason: 'two-factor-required' });
      details.sessionsEnded = ended.length;
    }

    const eventCode =
      fields.enabled === false
        ? EVENT_CODES.userDeactivated
        : fields.enabled === true
          ? EVENT_CODES.userReactivated
          : EVENT_CODES.userChanged;
    const verb =
      fields.enabled === false
        ? 'Deactivated'
        : fields.enabled === true
          ? 'Reactivated'
          : 'Changed';
    await recordEvent(tx, {
      eventCode,
      description: `${verb} user ${before.username}`,
      personId: person.id,
      merchantId: before.merchantId,
      entityType: 'person',
      entityId: id,
      sourceIp,
      details,
    });
  });
  return presentUser(await requireVisibleUser(db, person, id), person);
};

/**
 * An administrator's resets are for others: one's own would skip the current password and code
 * that Settings asks, and let a stolen session set a password of its own choosing.
 */
const refuseOwnSecurityReset = (person: AuthenticatedPerson, id: number) => {
  if (id === person.id) throw stateConflict(USER_MESSAGES.ownSecurity);
};

/**
 * The password part of an administrator's reset, inside the caller's transaction on a locked user
 * the actor may manage: the password stops working, the user's sessions end, and a new one-time
 * set-password link (shown once) is issued. Audited PASSWORD_RESET_ISSUED, with `details` added.
 */
const resetPasswordOf = async (
  tx: Database,
  { person, sourceIp }: Actor,
  user: UserRecord,
  details: Record<string, unknown> = {},
): Promise<PasswordLink> => {
  await clearPassword(tx, user.id);
  await endSessions(tx, { personId: user.id, reason: 'password' });
  const link = await issuePasswordLink(tx, user.id, person.id);
  await recordEvent(tx, {
    eventCode: EVENT_CODES.passwordResetIssued,
    description: `Reset the password of ${user.username}`,
    personId: person.id,
    merchantId: user.merchantId,
    entityType: 'person',
    entityId: user.id,
    sourceIp,
    details: { expiresAt: link.expiresAt, ...details },
  });
  return link;
};

/**
 * An administrator's reset: the user's password stops working, their sessions end, and the
 * answer carries a new one-time set-password link (shown once).
 */
export const resetUserPassword = async (db: Database, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    refuseOwnSecurityReset(actor.person, id);
    await lockUser(tx, id);
    const user = await requireManageableUser(tx, await actorAsNow(tx, actor.person), id);
    return resetPasswordOf(tx, actor, user);
  });

/** Ends every session of a user the actor may manage; they sign in again at their next request. */
export const endUserSessions = async (db: Database, { person, sourceIp }: Actor, id: number) =>
  db.transaction(async (tx) => {
    const user = await requireManageableUser(tx, person, id);
    const ended = await endSessions(tx, { personId: id, reason: 'ended' });
    await recordEvent(tx, {
      eventCode: EVENT_CODES.userSessionsEnded,
      description: `Ended ${ended.length} session(s) of ${user.username}`,
      personId: person.id,
      merchantId: user.merchantId,
      entityType: 'person',
      entityId: id,
      sourceIp,
      details: { sessions: ended.length },
    });
    return { ended: ended.length };
  });

/**
 * An administrator's reset of a user's second factor (a lost phone without recovery codes): it
 * and the recovery codes are gone, and so is the password, as in `resetUserPassword` (decision
 * 0019): the second factor is there because the password alone is not trusted, and a phone lost
 * to a thief, or a leaked password, would otherwise leave the account to whoever holds the
 * password (they would sign in with it alone and enrol their own authenticator). The user's
 * sessions end; the answer carries their one-time set-password link (shown once); when a role
 * requires a second factor, they enrol again at their first sign-in with the new password.
 */
export const resetUserTwoFactor = async (db: Database, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    const { person, sourceIp } = actor;
    refuseOwnSecurityReset(person, id);
    await lockUser(tx, id);
    const user = await requireManageableUser(tx, await actorAsNow(tx, person), id);
    if (!user.twoFactorEnabled) throw stateConflict(USER_MESSAGES.noSecondFactor);
    await removeSecondFactor(tx, id);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.twoFactorReset,
      description: `Reset the second factor and the password of ${user.username}`,
      personId: person.id,
      merchantId: user.merchantId,
      entityType: 'person',
      entityId: id,
      sourceIp,
      details: { passwordReset: true },
    });
    return resetPasswordOf(tx, actor, user, { twoFactorReset: true });
  });
