import { errorMessageOf, problemCodeOf, useChangePasswordMutation } from '@paygate/api';
import { Button, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { BackButton } from '../layout/back-button.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import {
  type ChangePasswordValues,
  changePasswordPayload,
  changePasswordSchema,
  EMPTY_CHANGE_PASSWORD,
  PASSWORD_CHANGE_FAILED,
  PASSWORD_CHANGED,
  PASSWORD_RULES_HINT,
  passwordFieldProps,
} from './change-password-form.ts';
import './settings.css';

type FieldName = keyof ChangePasswordValues;

/**
 * SPEC §2, §5, §8 Change password: old, new and confirmation, all required, the confirmation
 * equal to the new one. Success toasts 'Password changed successfully!' and empties the form; a
 * wrong old password is said under its field, any other refusal toasts the server's message, and
 * what was typed is kept.
 * The new password is checked against the password rules (length, not the username) before it
 * is sent; the server's refusal of a common or leaked one comes back as its message.
 */
export const ChangePasswordPage = () => {
  const { username } = useCurrentPerson();
  const [changePassword] = useChangePasswordMutation();
  const toast = useToast();
  const validationSchema = useMemo(() => changePasswordSchema(username), [username]);
  const form = useFormik<ChangePasswordValues>({
    initialValues: EMPTY_CHANGE_PASSWORD,
    validationSchema,
    onSubmit: async (values, helpers) => {
      try {
        await changePassword(changePasswordPayload(values)).unwrap();
        toast.success(PASSWORD_CHANGED);
        helpers.resetForm();
      } catch (error) {
        // A wrong old password is said under its field, where it is typed again.
        if (problemCodeOf(error) === 'wrong_current_password') {
          helpers.setFieldTouched('currentPassword', true, false);
          helpers.setFieldError('currentPassword', errorMessageOf(error));
          return;
        }
        toast.error(errorMessageOf(error, PASSWORD_CHANGE_FAILED));
      }
    },
  });
  const fieldProps = (name: FieldName) => passwordFieldProps(form, name);

  return (
    <section aria-labelledby="change-password-title" className="bo-settings">
      <BackButton fallback="/settings" />
      <h1 id="change-password-title">Change password</h1>
      <form className="bo-form bo-settings__form" onSubmit={form.handleSubmit} noValidate>
        <TextField
          label="Old password"
          autoComplete="current-password"
          {...fieldProps('currentPassword')}
        />
        <TextField
          label="New password"
          autoComplete="new-password"
          hint={PASSWORD_RULES_HINT}
          {...fieldProps('newPassword')}
        />
        <TextField
          label="Confirm new password"
          autoComplete="new-password"
          {...fieldProps('confirmPassword')}
        />
        <div className="bo-form-actions">
          <Button type="submit" busy={form.isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
};
