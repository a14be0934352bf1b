import { PASSWORD_MIN_LENGTH, passwordRuleProblem } from '@paygate/domain';
import type { ChangeEvent, FocusEvent } from 'react';
import * as yup from 'yup';

/** SPEC §5: all three fields required; the confirmation must equal the new password. */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Old password is required',
  newRequired: 'New password is required',
  confirmationRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match',
} as const;

/**
 * The password rules in words (issue 22 item 6): the hint under every new-password field. The
 * length and the username are checked here too; the common and leaked list only on the server.
 */
export const PASSWORD_RULES_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not your username; not a common or leaked password`;

/** SPEC §8. */
export const PASSWORD_CHANGED = 'Password changed successfully!';
/** When the server gives no reason of its own. */
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

// Passwords are taken as typed: no trimming, spaces may be part of them.

/**
 * A new password: required (SPEC §5), then the first rule of packages/domain it breaks (length,
 * the username), so the form says why before sending. An empty one only says it is required.
 */
export const newPasswordSchema = (username: string) =>
  yup
    .string()
    .required(CHANGE_PASSWORD_MESSAGES.newRequired)
    .test('password-rules', (value, context) => {
      const problem = value ? passwordRuleProblem(value, username) : null;
      return problem ? context.createError({ message: problem }) : true;
    });

/** The confirmation of `newPassword` (SPEC §5): required and equal to it. */
export const passwordConfirmationSchema = () =>
  yup
    .string()
    .required(CHANGE_PASSWORD_MESSAGES.confirmationRequired)
    .oneOf([yup.ref('newPassword')], CHANGE_PASSWORD_MESSAGES.mismatch);

/** Change password for the signed-in `username`: SPEC §5 plus the password rules. */
export const changePasswordSchema = (username: string) =>
  yup.object({
    currentPassword: yup.string().required(CHANGE_PASSWORD_MESSAGES.currentRequired),
    newPassword: newPasswordSchema(username),
    confirmPassword: passwordConfirmationSchema(),
  });

/** The POST /api/v1/user/change_password body. */
export const changePasswordPayload = ({ currentPassword, newPassword }: ChangePasswordValues) => ({
  currentPassword,
  newPassword,
});

/** What a formik form gives a password field: its value, handlers and its error once touched. */
interface PasswordForm<Values> {
  values: Values;
  touched: Partial<Record<keyof Values, unknown>>;
  errors: Partial<Record<keyof Values, string | undefined>>;
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

/** The props of a required password field of a formik form (change and set password). */
export const passwordFieldProps = <Values extends { [Name in keyof Values]: string }>(
  form: PasswordForm<Values>,
  name: keyof Values & string,
) => ({
  name,
  type: 'password',
  required: true,
  value: form.values[name],
  onChange: form.handleChange,
  onBlur: form.handleBlur,
  error: form.touched[name] && form.errors[name] ? form.errors[name] : undefined,
});
