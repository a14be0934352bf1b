import {
  hasPermission,
  permissionsBeyond,
  platformOnlyAmong,
  type StaffMember,
  userManagementReach,
} from '@paygate/domain';

/**
 * Which roles a person may give (decision 0019): the one rule of every assignment (modules/users)
 * and of the roles a merchant's user manager is shown (GET /api/v1/roles).
 */

/** Why roles granting `permissions` cannot be given, naming the permissions at fault. */
export type RoleGrantRefusal =
  /** Nobody grants a permission they do not hold (403). */
  | { reason: 'beyond-own'; permissions: string[] }
  /** A user of a merchant never holds a platform-only permission (400). */
  | { reason: 'platform-only'; permissions: string[] };

/**
 * Why `actor` may not give roles granting `permissions` to a user of `merchantId` (null: platform
 * staff), or null when they may.
 */
export const roleGrantRefusal = (
  actor: { readonly permissions: readonly string[] },
  permissions: readonly string[],
  merchantId: number | null,
): RoleGrantRefusal | null => {
  const beyond = permissionsBeyond(actor, permissions);
  if (beyond.length > 0) return { reason: 'beyond-own', permissions: beyond };
  const platformOnly = merchantId === null ? [] : platformOnlyAmong(permissions);
  if (platformOnly.length > 0) return { reason: 'platform-only', permissions: platformOnly };
  return null;
};

/**
 * The roles `caller` is shown. Role editors (role.manage) and managers of every user
 * (user.manage) see every role, `assignable` saying which they may give. A merchant's user manager
 * (user.manage.own) sees only the roles they may give to a user of their own merchant, the only
 * users they reach: other roles (the platform's, or ones made for other merchants' staff with
 * permissions they lack) are none of their business. Anyone else is shown none.
 */
export const rolesShownTo = <Role extends { readonly permissions: readonly string[] }>(
  caller: StaffMember,
  roles: readonly Role[],
): Role[] => {
  const reach = userManagementReach(caller);
  if (hasPermission(caller, 'role.manage') || reach === 'all') return [...roles];
  if (reach !== 'own-merchant') return [];
  return roles.filter(
    (role) => roleGrantRefusal(caller, role.permissions, caller.merchantId) === null,
  );
};
