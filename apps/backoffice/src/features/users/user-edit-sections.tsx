import { errorMessageOf, type StaffUser, useChangeStaffUserMutation } from '@paygate/api';
import { Button, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useState } from 'react';
import { RoleChecklist } from './role-checklist.tsx';
import { USER_TEXTS } from './user-display.ts';
import { type NameValues, namesSchema, rolesFormSchema } from './user-form.ts';
import { UserNameFields } from './user-name-fields.tsx';

const ServerError = ({ message }: { message: string | null }) =>
  message ? (
    <p className="bo-users-error" role="alert">
      {message}
    </p>
  ) : null;

/** First and last name of a user the caller may manage (PATCH with the changed names only). */
export const UserNamesSection = ({ user }: { user: StaffUser }) => {
  const [changeUser] = useChangeStaffUserMutation();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useFormik<NameValues>({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    enableReinitialize: true,
    validationSchema: namesSchema,
    onSubmit: async (values) => {
      setServerError(null);
      const firstName = values.firstName.trim();
      const lastName = values.lastName.trim();
      const change = {
        ...(firstName === user.firstName ? {} : { firstName }),
        ...(lastName === user.lastName ? {} : { lastName }),
      };
      if (Object.keys(change).length === 0) return;
      try {
        await changeUser({ userId: user.id, ...change }).unwrap();
        toast.success(USER_TEXTS.changed);
      } catch (error) {
        setServerError(errorMessageOf(error));
      }
    },
  });
  const errorOf = (field: keyof NameValues) =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;

  return (
    <section className="bo-user-section" aria-labelledby="user-names-title">
      <h2 id="user-names-title">Name</h2>
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <div className="bo-user-names">
          <UserNameFields form={form} errorOf={errorOf} />
        </div>
        <ServerError message={serverError} />
        <div className="bo-form-actions">
          <Button type="submit" busy={form.isSubmitting} disabled={!form.dirty}>
            Save name
          </Button>
        </div>
      </form>
    </section>
  );
};

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name) => b.includes(name));

/**
 * The roles of a user the caller may manage; a change applies at the user's next request. A
 * merchant's user is not offered roles with platform-only permissions.
 */
export const UserRolesSection = ({ user }: { user: StaffUser }) => {
  const [changeUser] = useChangeStaffUserMutation();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useFormik<{ roles: string[] }>({
    initialValues: { roles: [...user.roles] },
    enableReinitialize: true,
    validationSchema: rolesFormSchema,
    onSubmit: async (values) => {
      setServerError(null);
      if (sameRoles(values.roles, user.roles)) return;
      try {
        await changeUser({ userId: user.id, roles: values.roles }).unwrap();
        toast.success(USER_TEXTS.changed);
      } catch (error) {
        setServerError(errorMessageOf(error));
      }
    },
  });
  const rolesError =
    form.submitCount > 0 && typeof form.errors.roles === 'string' ? form.errors.roles : undefined;

  return (
    <section className="bo-user-section" aria-labelledby="user-roles-title">
      <h2 id="user-roles-title">Roles</h2>
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <RoleChecklist
          merchantUser={user.merchantId !== null}
          value={form.values.roles}
          onChange={(roles) => void form.setFieldValue('roles', roles)}
          error={rolesError}
        />
        <p className="bo-users-note">A change applies at their next request.</p>
        <ServerError message={serverError} />
        <div className="bo-form-actions">
          <Button
            type="submit"
            busy={form.isSubmitting}
            disabled={sameRoles(form.values.roles, user.roles)}
          >
            Save roles
          </Button>
        </div>
      </form>
    </section>
  );
};
