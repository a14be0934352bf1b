import {
  hasPermission,
  type Permission,
  type PermissionHolder,
} from '../permissions/permission-table.ts';

/**
 * Who may administer which back-office users (issue 22, decision 0019). The server enforces these
 * on every users and roles call; the back office uses them only to decide what to offer.
 */

/** A username: 3 to 64 letters, digits, dots, dashes or underscores (unique in any letter case). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const USERNAME_MESSAGE =
  'The username must be 3 to 64 letters, digits, dots, dashes or underscores';

/** A person as the rules see them: their permissions and their merchant (null: platform staff). */
export interface StaffMember {
  readonly permissions: readonly string[];
  readonly merchantId: number | null;
}

/**
 * Whose users a person may manage: 'all' with user.manage; 'own-merchant' with user.manage.own
 * and a merchant of their own; otherwise nobody. user.manage.own gives platform staff (no
 * merchant) nothing: administering staff of the platform needs user.manage.
 */
export const userManagementReach = (
  actor: PermissionHolder & { readonly merchantId?: number | null },
): 'all' | 'own-merchant' | null => {
  if (hasPermission(actor, 'user.manage')) return 'all';
  if (hasPermission(actor, 'user.manage.own') && typeof actor?.merchantId === 'number') {
    return 'own-merchant';
  }
  return null;
};

/**
 * Permissions that reach beyond one merchant (every merchant's data, the platform's provider
 * accounts and reports, merchants, staff and roles). A user bound to a merchant never holds them,
 * whatever their roles say: that is what keeps a merchant's staff inside their merchant.
 */
export const PLATFORM_ONLY_PERMISSIONS = [
  'merchant.rw.all',
  'merchant.create',
  'people.account',
  'people.account.edit',
  'report.read.provider',
  'report.read.pool.balance',
  'user.manage',
  'role.manage',
] as const satisfies readonly Permission[];

/** The platform-only permissions among `permissions` (for a user bound to a merchant). */
export const platformOnlyAmong = (permissions: readonly string[]): string[] =>
  PLATFORM_ONLY_PERMISSIONS.filter((permission) => permissions.includes(permission));

/**
 * What a person may do: their roles' and extra permissions, less the platform-only ones when they
 * are bound to a merchant. Assignments refuse those already; this holds even when a role gained
 * one at the same moment as a merchant user was given it (the two checks cannot see each other).
 */
export const effectivePermissions = (
  merchantId: number | null,
  held: readonly string[],
): string[] => {
  const unique = [...new Set(held)];
  if (merchantId === null) return unique;
  const platformOnly: readonly string[] = PLATFORM_ONLY_PERMISSIONS;
  return unique.filter((permission) => !platformOnly.includes(permission));
};

/** The permissions of `requested` that `actor` does not hold: nobody grants what they lack. */
export const permissionsBeyond = (
  actor: { readonly permissions: readonly string[] },
  requested: readonly string[],
): string[] => [
  ...new Set(requested.filter((permission) => !actor.permissions.includes(permission))),
];

/** Whether a user of `merchantId` is within the actor's reach. */
export const mayReachMerchant = (actor: StaffMember, merchantId: number | null): boolean => {
  const reach = userManagementReach(actor);
  if (reach === 'all') return true;
  return reach === 'own-merchant' && merchantId !== null && merchantId === actor.merchantId;
};

/**
 * Whether `actor` may change, deactivate, reset or end the sessions of `target`: within reach, and
 * the target holds nothing the actor lacks (a merchant's administrator cannot lock out a platform
 * administrator, nor anyone more powerful than themselves).
 */
export const mayManageUser = (actor: StaffMember, target: StaffMember): boolean =>
  mayReachMerchant(actor, target.merchantId) &&
  permissionsBeyond(actor, target.permissions).length === 0;
