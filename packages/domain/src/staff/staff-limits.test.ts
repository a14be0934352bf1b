import { describe, expect, it } from 'vitest';
import {
  isRoleNameLength,
  normalisedRoleName,
  PERSON_NAME_MAX_LENGTH,
  personNameError,
  ROLE_DESCRIPTION_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_MIN_LENGTH,
  roleDescriptionError,
} from './staff-limits.ts';

/** An emoji outside the Basic Multilingual Plane: one character, two UTF-16 units. */
const EMOJI = '😀';

describe('personNameError', () => {
  it.each(['', '   ', ' \t\n '])('needs a name once trimmed (%j)', (name) => {
    expect(personNameError(name)).toBe('required');
  });

  it('takes a name, spaces around it not counted', () => {
    expect(personNameError('Anna')).toBeNull();
    expect(personNameError(`  ${'x'.repeat(PERSON_NAME_MAX_LENGTH)}  `)).toBeNull();
  });

  it(`takes ${PERSON_NAME_MAX_LENGTH} characters, not one more, an emoji counting as one`, () => {
    expect(personNameError('x'.repeat(PERSON_NAME_MAX_LENGTH))).toBeNull();
    expect(personNameError('x'.repeat(PERSON_NAME_MAX_LENGTH + 1))).toBe('too-long');
    expect(personNameError(EMOJI.repeat(PERSON_NAME_MAX_LENGTH))).toBeNull();
    expect(personNameError(EMOJI.repeat(PERSON_NAME_MAX_LENGTH + 1))).toBe('too-long');
  });
});

describe('isRoleNameLength', () => {
  it(`takes ${ROLE_NAME_MIN_LENGTH} to ${ROLE_NAME_MAX_LENGTH} characters`, () => {
    expect(isRoleNameLength('x'.repeat(ROLE_NAME_MIN_LENGTH - 1))).toBe(false);
    expect(isRoleNameLength('x'.repeat(ROLE_NAME_MIN_LENGTH))).toBe(true);
    expect(isRoleNameLength('x'.repeat(ROLE_NAME_MAX_LENGTH))).toBe(true);
    expect(isRoleNameLength('x'.repeat(ROLE_NAME_MAX_LENGTH + 1))).toBe(false);
  });

  it('counts the name as stored: trimmed, inner runs of spaces made one', () => {
    expect(isRoleNameLength('  ab    ')).toBe(false);
    expect(isRoleNameLength('a    b')).toBe(true);
    expect(normalisedRoleName('a    b')).toBe('a b');
    expect(isRoleNameLength(`  ${'x'.repeat(ROLE_NAME_MAX_LENGTH)}  `)).toBe(true);
  });

  it('counts an emoji as one character', () => {
    expect(isRoleNameLength(EMOJI.repeat(ROLE_NAME_MIN_LENGTH))).toBe(true);
    // Two characters, though three UTF-16 units.
    expect(isRoleNameLength(`${EMOJI}a`)).toBe(false);
    expect(isRoleNameLength(EMOJI.repeat(ROLE_NAME_MAX_LENGTH))).toBe(true);
    expect(isRoleNameLength(EMOJI.repeat(ROLE_NAME_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('roleDescriptionError', () => {
  it('takes no description', () => {
    expect(roleDescriptionError('')).toBeNull();
    expect(roleDescriptionError('   ')).toBeNull();
  });

  it(`takes ${ROLE_DESCRIPTION_MAX_LENGTH} characters once trimmed and refuses one more`, () => {
    expect(roleDescriptionError('x'.repeat(ROLE_DESCRIPTION_MAX_LENGTH))).toBeNull();
    expect(roleDescriptionError(` ${'x'.repeat(ROLE_DESCRIPTION_MAX_LENGTH)} `)).toBeNull();
    expect(roleDescriptionError('x'.repeat(ROLE_DESCRIPTION_MAX_LENGTH + 1))).toBe('too-long');
  });

  it('counts an emoji as one character', () => {
    expect(roleDescriptionError(EMOJI.repeat(ROLE_DESCRIPTION_MAX_LENGTH))).toBeNull();
    expect(roleDescriptionError(EMOJI.repeat(ROLE_DESCRIPTION_MAX_LENGTH + 1))).toBe('too-long');
  });
});
