import type { StaffRole, StaffRoleRequest } from '@paygate/api';
import {
  ALL_PERMISSIONS,
  isRoleNameLength,
  normalisedRoleName,
  roleDescriptionError,
  STAFF_LIMIT_MESSAGES,
} from '@paygate/domain';
import * as yup from 'yup';

/**
 * The role editor's form (issue 22 item 2). The rules and words are packages/domain's, which the
 * server checks too: the name trimmed, inner spaces collapsed, 3 to 64 characters
 * (isRoleNameLength); at least one permission; the description at most 300 characters
 * (roleDescriptionError).
 */

export const ROLE_MESSAGES = {
  nameLength: STAFF_LIMIT_MESSAGES.roleNameLength,
  descriptionLength: STAFF_LIMIT_MESSAGES.roleDescriptionLength,
  noPermissions: STAFF_LIMIT_MESSAGES.noPermissions,
  notHeld: 'You do not hold this permission',
  appliesNextRequest: "A change applies to the role's users at their next request.",
  created: 'Role created',
  saved: 'Role saved',
  deleted: 'Role deleted',
  noAccess: 'Roles need the role.manage permission.',
  noRoles: 'No roles yet',
  requireTwoFactor: 'Require two-factor sign-in',
  requireTwoFactorHint:
    'Users with this role must sign in with a code from an authenticator app; those without one are signed out and set it up at their next sign-in.',
  twoFactorRequired: '2FA required',
  twoFactorNotRequired: 'Two-factor sign-in is not required.',
} as const;

export interface RoleFormValues {
  name: string;
  description: string;
  permissions: string[];
  /** Holders sign in with a second factor; those without one are signed out and enrol at their next sign-in. */
  requiresTwoFactor: boolean;
}

export const EMPTY_ROLE: RoleFormValues = {
  name: '',
  description: '',
  permissions: [],
  requiresTwoFactor: false,
};

export const roleFormValuesOf = (role: StaffRole): RoleFormValues => ({
  name: role.name,
  description: role.description,
  permissions: [...role.permissions],
  requiresTwoFactor: role.requiresTwoFactor,
});

export const roleSchema = yup.object({
  name: yup
    .string()
    .default('')
    .test('name-length', ROLE_MESSAGES.nameLength, (value) => isRoleNameLength(value ?? '')),
  description: yup
    .string()
    .default('')
    .test(
      'description-length',
      ROLE_MESSAGES.descriptionLength,
      (value) => roleDescriptionError(value ?? '') === null,
    ),
  permissions: yup.array(yup.string().required()).min(1, ROLE_MESSAGES.noPermissions),
  requiresTwoFactor: yup.boolean().default(false),
});

/**
 * The POST /api/v1/roles and PUT /api/v1/roles/{id} body: the normalised name, the trimmed
 * description, the chosen permissions each once in the permission table's order, and whether
 * the role requires two-factor sign-in (always sent, so an edit can turn it off).
 */
export const roleRequestOf = (values: RoleFormValues): StaffRoleRequest => {
  const chosen = new Set(values.permissions);
  return {
    name: normalisedRoleName(values.name),
    description: values.description.trim(),
    permissions: ALL_PERMISSIONS.filter((permission) => chosen.has(permission)),
    requiresTwoFactor: values.requiresTwoFactor,
  };
};
