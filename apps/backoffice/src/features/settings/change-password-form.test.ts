import { PASSWORD_MESSAGES } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  type ChangePasswordValues,
  changePasswordSchema,
  PASSWORD_RULES_HINT,
} from './change-password-form.ts';

/** Every message per field, as the form would show them (first one per field). */
const problemsOf = async (values: ChangePasswordValues, username = 'tester') => {
  try {
    await changePasswordSchema(username).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems: Record<string, string[]> = {};
    for (const inner of error.inner) {
      const path = inner.path ?? '';
      problems[path] = [...(problems[path] ?? []), ...inner.errors];
    }
    return problems;
  }
};

const valid: ChangePasswordValues = {
  currentPassword: 'old',
  newPassword: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

describe('change password form', () => {
  it('keeps the messages of SPEC §5', async () => {
    expect(await problemsOf({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual(
      {
        currentPassword: ['Old password is required'],
        newPassword: ['New password is required'],
        confirmPassword: ['Please confirm the new password'],
      },
    );
    expect(await problemsOf({ ...valid, confirmPassword: 'correct horse batterY' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('accepts a password that keeps the rules', async () => {
    expect(await problemsOf(valid)).toEqual({});
    // Exactly the minimum length, spaces counted as typed.
    expect(
      await problemsOf({ ...valid, newPassword: ' 12345678901', confirmPassword: ' 12345678901' }),
    ).toEqual({});
  });

  it('says a new password is too short before sending it', async () => {
    expect(
      await problemsOf({ ...valid, newPassword: 'short-11ch!', confirmPassword: 'short-11ch!' }),
    ).toEqual({
      newPassword: [PASSWORD_MESSAGES.tooShort],
    });
    expect(PASSWORD_MESSAGES.tooShort).toBe('The password must be at least 12 characters long');
  });

  it("refuses a new password that contains the person's username, in any letter case", async () => {
    const password = 'my-TESTER-password';
    expect(
      await problemsOf({ ...valid, newPassword: password, confirmPassword: password }),
    ).toEqual({
      newPassword: [PASSWORD_MESSAGES.containsUsername],
    });
    // Someone else's username is no problem.
    expect(
      await problemsOf({ ...valid, newPassword: password, confirmPassword: password }, 'aziz'),
    ).toEqual({});
  });

  it('words the rules for the hint', () => {
    expect(PASSWORD_RULES_HINT).toBe(
      'At least 12 characters; not your username; not a common or leaked password',
    );
  });
});
