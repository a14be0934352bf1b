/**
 * Limits of staff records (issue 22, decision 0019), checked by the server and by the back
 * office's forms with the same words.
 */
export const PERSON_NAME_MAX_LENGTH = 100;
export const ROLE_NAME_MIN_LENGTH = 3;
export const ROLE_NAME_MAX_LENGTH = 64;
export const ROLE_DESCRIPTION_MAX_LENGTH = 300;

export const STAFF_LIMIT_MESSAGES = {
  roleNameLength: `The role name must be ${ROLE_NAME_MIN_LENGTH} to ${ROLE_NAME_MAX_LENGTH} characters long`,
  roleDescriptionLength: `The description must be at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters long`,
  noPermissions: 'Choose at least one permission',
} as const;

/** A role name as stored: trimmed, inner runs of spaces made one. */
export const normalisedRoleName = (name: string): string => name.trim().replace(/\s+/g, ' ');
