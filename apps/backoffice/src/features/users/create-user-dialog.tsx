import {
  type CreatedStaffUser,
  errorMessageOf,
  problemCodeOf,
  useCreateStaffUserMutation,
  useGetMerchantsQuery,
  useGetMyMerchantQuery,
  useGetStaffRolesQuery,
} from '@paygate/api';
import { hasPermission, userManagementReach } from '@paygate/domain';
import { Button, Dialog, Select, type SelectOption, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { RoleChecklist } from './role-checklist.tsx';
import { givableRoles } from './role-choice.ts';
import { USER_TEXTS } from './user-display.ts';
import {
  isMerchantChoice,
  merchantIdOf,
  type NewUserValues,
  newUserSchema,
  PLATFORM_STAFF,
} from './user-form.ts';
import { UserNameFields } from './user-name-fields.tsx';

/** The caller's own merchant, fixed for a user.manage.own caller: its name when they may read it. */
const OwnMerchantField = ({ merchantId }: { merchantId: number }) => {
  const person = useCurrentPerson();
  const merchant = useGetMyMerchantQuery(undefined, {
    skip: !hasPermission(person, 'merchant.read'),
  });
  const name = merchant.data?.id === merchantId ? merchant.data.name : `Merchant ${merchantId}`;
  return (
    <TextField
      label="Merchant"
      name="merchant"
      readOnly
      value={name}
      hint="The users you add belong to your merchant."
    />
  );
};

/** Platform staff or one of the merchants (GET /api/v1/merchant), for a user.manage caller. */
const MerchantSelect = ({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) => {
  const merchants = useGetMerchantsQuery();
  const options: SelectOption[] = [
    { value: PLATFORM_STAFF, label: USER_TEXTS.platformStaff },
    ...(merchants.data?.items ?? []).map((merchant) => ({
      value: merchant.id,
      label: merchant.name,
    })),
  ];
  let hint = 'Platform staff work for every merchant; a merchant’s users see only theirs.';
  if (merchants.isLoading) hint = 'Loading the merchants…';
  else if (merchants.isError) {
    hint = `Could not load the merchants: ${errorMessageOf(merchants.error)}`;
  }
  return (
    <Select
      label="Merchant"
      name="merchant"
      required
      placeholder="Not selected"
      options={options}
      value={value}
      onChange={onChange}
      aria-busy={merchants.isLoading || undefined}
      error={error}
      hint={hint}
    />
  );
};

export interface CreateUserDialogProps {
  onClose: () => void;
  /** Called with the new user and their one-time link after 'User added'. */
  onCreated: (created: CreatedStaffUser) => void;
}

/**
 * Add user (POST /api/v1/users): username, first and last name, the merchant (chosen with
 * user.manage; the caller's own with user.manage.own) and at least one role the caller may give.
 * Refusals of the server are shown in the dialog, which stays open: a username already taken
 * (`username_taken`) under the username, any other above the buttons. A click beside the dialog
 * closes it only while nothing was typed or chosen; Escape, × and Cancel always do. Rendered only
 * while open.
 */
export const CreateUserDialog = ({ onClose, onCreated }: CreateUserDialogProps) => {
  const person = useCurrentPerson();
  const choosesMerchant = userManagementReach(person) === 'all';
  const toast = useToast();
  const [createUser] = useCreateStaffUserMutation();
  const roles = useGetStaffRolesQuery();
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useFormik<NewUserValues>({
    initialValues: {
      username: '',
      firstName: '',
      lastName: '',
      merchant: choosesMerchant ? '' : String(person.merchantId ?? ''),
      roles: [],
    },
    validationSchema: newUserSchema,
    onSubmit: async (values, helpers) => {
      setServerError(null);
      try {
        const created = await createUser({
          username: values.username.trim(),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          merchantId: merchantIdOf(values.merchant),
          roles: values.roles,
        }).unwrap();
        toast.success(USER_TEXTS.added);
        onCreated(created);
      } catch (error) {
        // A username already taken (or one that cannot be used) is said under the username,
        // where it is typed again; any other refusal (a plain `conflict` too) for the whole form.
        if (problemCodeOf(error) === 'username_taken') {
          helpers.setFieldTouched('username', true, false);
          helpers.setFieldError('username', errorMessageOf(error));
          return;
        }
        setServerError(errorMessageOf(error));
      }
    },
  });
  const errorOf = (field: 'username' | 'firstName' | 'lastName' | 'merchant') =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
  const rolesError =
    form.submitCount > 0 && typeof form.errors.roles === 'string' ? form.errors.roles : undefined;
  const merchantUser = isMerchantChoice(form.values.merchant);

  const chooseMerchant = (merchant: string) => {
    void form.setFieldValue('merchant', merchant);
    // Roles a user of a merchant cannot hold are dropped when a merchant is chosen.
    void form.setFieldValue(
      'roles',
      givableRoles(form.values.roles, roles.data ?? [], isMerchantChoice(merchant)),
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add user"
      width={600}
      // A stray click beside the dialog must not throw away what was typed.
      closeOnBackdropClick={!form.dirty}
    >
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <TextField
          label="Username"
          name="username"
          required
          autoComplete="off"
          value={form.values.username}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errorOf('username')}
          hint="They sign in with it; it cannot be changed later."
        />
        <UserNameFields form={form} errorOf={errorOf} />
        {choosesMerchant ? (
          <MerchantSelect
            value={form.values.merchant}
            error={errorOf('merchant')}
            onChange={chooseMerchant}
          />
        ) : person.merchantId !== null ? (
          <OwnMerchantField merchantId={person.merchantId} />
        ) : null}
        <RoleChecklist
          merchantUser={merchantUser}
          value={form.values.roles}
          onChange={(chosen) => void form.setFieldValue('roles', chosen)}
          error={rolesError}
        />
        {serverError ? (
          <p className="bo-users-error" role="alert">
            {serverError}
          </p>
        ) : null}
        <p className="bo-users-note">
          They get no password: you get a one-time link for them to choose one.
        </p>
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            Add
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
