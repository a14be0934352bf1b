import { TextField } from '@paygate/ui';
import type { FormikProps } from 'formik';
import type { NameValues } from './user-form.ts';

/**
 * First name and last name of a user (both required), as Add user and a user's Name section ask
 * for them; `errorOf` is the form's rule for when a field shows its error.
 */
export const UserNameFields = ({
  form,
  errorOf,
}: {
  form: Pick<FormikProps<NameValues>, 'values' | 'handleChange' | 'handleBlur'>;
  errorOf: (field: keyof NameValues) => string | undefined;
}) => (
  <>
    <TextField
      label="First name"
      name="firstName"
      required
      autoComplete="off"
      value={form.values.firstName}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={errorOf('firstName')}
    />
    <TextField
      label="Last name"
      name="lastName"
      required
      autoComplete="off"
      value={form.values.lastName}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={errorOf('lastName')}
    />
  </>
);
