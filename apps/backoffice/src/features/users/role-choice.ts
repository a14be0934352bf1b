import type { StaffRole } from '@paygate/api';
import { platformOnlyAmong } from '@paygate/domain';
import { USER_TEXTS } from './user-display.ts';

/** A role as the checklist offers it: why it cannot be given, or null when it can. */
export interface RoleChoice {
  role: StaffRole;
  reason: string | null;
}

/**
 * Why `role` cannot be given (decision 0019), or null: nobody grants a permission they do not
 * hold (the server's `assignable`), and a user of a merchant never holds a platform-only
 * permission. The server checks both again; this only decides what to offer.
 */
export const roleRefusalOf = (role: StaffRole, merchantUser: boolean): string | null => {
  if (!role.assignable) return USER_TEXTS.notAssignable;
  if (merchantUser) {
    const platformOnly = platformOnlyAmong(role.permissions);
    if (platformOnly.length > 0) return USER_TEXTS.platformOnly(platformOnly);
  }
  return null;
};

export const roleChoicesOf = (roles: readonly StaffRole[], merchantUser: boolean): RoleChoice[] =>
  roles.map((role) => ({ role, reason: roleRefusalOf(role, merchantUser) }));

/** The chosen role names that may still be given, e.g. after the merchant changed. */
export const givableRoles = (
  chosen: readonly string[],
  roles: readonly StaffRole[],
  merchantUser: boolean,
): string[] =>
  chosen.filter((name) => {
    const role = roles.find((candidate) => candidate.name === name);
    return role !== undefined && roleRefusalOf(role, merchantUser) === null;
  });
