import {
  characterCount,
  isTrimmedLongerThan,
  type RequiredTextError,
  requiredTextError,
} from '../names/character-count.ts';

/**
 * Limits of staff records (issue 22, decision 0019), checked by the server and by the back
 * office's forms with the same rules below and the same words. Lengths count characters as a
 * person sees them (characterCount: code points, an emoji is one).
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

export type PersonNameError = RequiredTextError;

/**
 * A staff user's first or last name, once trimmed: required, at most PERSON_NAME_MAX_LENGTH
 * characters.
 */
export const personNameError = (raw: string): PersonNameError | null =>
  requiredTextError(raw, PERSON_NAME_MAX_LENGTH);

/**
 * Whether a role name, once normalised (normalisedRoleName), is ROLE_NAME_MIN_LENGTH to
 * ROLE_NAME_MAX_LENGTH characters long; otherwise STAFF_LIMIT_MESSAGES.roleNameLength.
 */
export const isRoleNameLength = (raw: string): boolean => {
  const length = characterCount(normalisedRoleName(raw));
  return length >= ROLE_NAME_MIN_LENGTH && length <= ROLE_NAME_MAX_LENGTH;
};

export type RoleDescriptionError = 'too-long';

/**
 * A role's description, once trimmed: optional, at most ROLE_DESCRIPTION_MAX_LENGTH characters
 * (STAFF_LIMIT_MESSAGES.roleDescriptionLength).
 */
export const roleDescriptionError = (raw: string): RoleDescriptionError | null =>
  isTrimmedLongerThan(raw, ROLE_DESCRIPTION_MAX_LENGTH) ? 'too-long' : null;
