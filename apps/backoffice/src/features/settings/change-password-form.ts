import * as yup from 'yup';

/** SPEC §5: all three fields required; the confirmation must equal the new password. */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Old password is required',
  newRequired: 'New password is required',
  confirmationRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match',
} as const;

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
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(CHANGE_PASSWORD_MESSAGES.currentRequired),
  newPassword: yup.string().required(CHANGE_PASSWORD_MESSAGES.newRequired),
  confirmPassword: yup
    .string()
    .required(CHANGE_PASSWORD_MESSAGES.confirmationRequired)
    .oneOf([yup.ref('newPassword')], CHANGE_PASSWORD_MESSAGES.mismatch),
});

/** The POST /api/v1/user/change_password body. */
export const changePasswordPayload = ({ currentPassword, newPassword }: ChangePasswordValues) => ({
  currentPassword,
  newPassword,
});
