import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  EMPTY_ROLE,
  ROLE_MESSAGES,
  type RoleFormValues,
  roleFormValuesOf,
  roleRequestOf,
  roleSchema,
} from './role-form.ts';

const problemsOf = async (values: Omit<RoleFormValues, 'requiresTwoFactor'>) => {
  try {
    await roleSchema.validate({ ...values, requiresTwoFactor: false }, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
};

describe('role form', () => {
  it('asks for a name of 3 to 64 characters and at least one permission', async () => {
    expect(await problemsOf({ name: '  ab  ', description: '', permissions: [] })).toEqual([
      ROLE_MESSAGES.nameLength,
      ROLE_MESSAGES.noPermissions,
    ]);
    expect(ROLE_MESSAGES.nameLength).toBe('The role name must be 3 to 64 characters long');
    expect(
      await problemsOf({ name: 'x'.repeat(65), description: '', permissions: ['merchant.read'] }),
    ).toEqual([ROLE_MESSAGES.nameLength]);
    expect(
      await problemsOf({ name: 'Auditor', description: '', permissions: ['merchant.read'] }),
    ).toEqual([]);
  });

  it('keeps the description to 300 characters', async () => {
    expect(
      await problemsOf({
        name: 'Auditor',
        description: 'd'.repeat(301),
        permissions: ['merchant.read'],
      }),
    ).toEqual([ROLE_MESSAGES.descriptionLength]);
  });

  it('counts characters, not UTF-16 units: an emoji is one', async () => {
    const emoji = '😀';
    const problems = (name: string, description: string) =>
      problemsOf({ name, description, permissions: ['merchant.read'] });
    expect(await problems(emoji.repeat(64), emoji.repeat(300))).toEqual([]);
    expect(await problems(emoji.repeat(65), emoji.repeat(301))).toEqual([
      ROLE_MESSAGES.nameLength,
      ROLE_MESSAGES.descriptionLength,
    ]);
  });

  it('sends the name as the server keeps it and the permissions in table order, once', () => {
    expect(
      roleRequestOf({
        name: '  Finance   auditor ',
        description: ' Reads balances ',
        permissions: ['report.read.balance', 'merchant.read', 'report.read.balance'],
        requiresTwoFactor: false,
      }),
    ).toEqual({
      name: 'Finance auditor',
      description: 'Reads balances',
      permissions: ['merchant.read', 'report.read.balance'],
      requiresTwoFactor: false,
    });
  });

  it('sends whether the role requires two-factor sign-in, read from the role as listed', () => {
    expect(EMPTY_ROLE.requiresTwoFactor).toBe(false);
    const values = roleFormValuesOf({
      id: 5,
      name: 'Payout desk',
      description: '',
      permissions: ['merchant.read'],
      builtIn: false,
      requiresTwoFactor: true,
      holders: 2,
      assignable: true,
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(values.requiresTwoFactor).toBe(true);
    expect(roleRequestOf(values).requiresTwoFactor).toBe(true);
    expect(roleRequestOf({ ...values, requiresTwoFactor: false }).requiresTwoFactor).toBe(false);
  });
});
