import {
  errorMessageOf,
  problemCodeOf,
  type StaffRole,
  useChangeStaffRoleMutation,
  useCreateStaffRoleMutation,
} from '@paygate/api';
import { ROLE_DESCRIPTION_MAX_LENGTH } from '@paygate/domain';
import { Button, Checkbox, Dialog, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { PermissionChecklist } from './permission-checklist.tsx';
import {
  EMPTY_ROLE,
  ROLE_MESSAGES,
  type RoleFormValues,
  roleFormValuesOf,
  roleRequestOf,
  roleSchema,
} from './role-form.ts';

export interface RoleDialogProps {
  /** The custom role to change; a new role without it. */
  role?: StaffRole | undefined;
  onClose: () => void;
}

/**
 * New role and Edit (issue 22 items 2 and 3): name, description, whether the role requires
 * two-factor sign-in, and the permission checklist. Only
 * permissions the signed-in person holds can be chosen; the server checks the same and says why
 * it refuses, which shows in the dialog: a taken name (`role_name_taken`) under the name,
 * anything else (e.g. a permission its users cannot hold) above the buttons. A click beside the dialog closes it only
 * while nothing was changed; Escape, × and Cancel always do.
 * Mounted while open, so every opening starts from the role as listed.
 */
export const RoleDialog = ({ role, onClose }: RoleDialogProps) => {
  const person = useCurrentPerson();
  const toast = useToast();
  const [createRole] = useCreateStaffRoleMutation();
  const [changeRole] = useChangeStaffRoleMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const permissionsErrorId = useId();
  const twoFactorHintId = useId();
  const form = useFormik<RoleFormValues>({
    initialValues: role ? roleFormValuesOf(role) : EMPTY_ROLE,
    validationSchema: roleSchema,
    onSubmit: async (values, helpers) => {
      setRefusal(null);
      const body = roleRequestOf(values);
      try {
        if (role) {
          await changeRole({ roleId: role.id, ...body }).unwrap();
          toast.success(ROLE_MESSAGES.saved);
        } else {
          await createRole(body).unwrap();
          toast.success(ROLE_MESSAGES.created);
        }
        onClose();
      } catch (error) {
        // A taken name is said under the name, where it is typed again; any other refusal (a
        // plain `conflict` too) for the whole form.
        if (problemCodeOf(error) === 'role_name_taken') {
          helpers.setFieldTouched('name', true, false);
          helpers.setFieldError('name', errorMessageOf(error));
          return;
        }
        setRefusal(errorMessageOf(error));
      }
    },
  });
  const fieldError = (name: 'name' | 'description') =>
    form.touched[name] && form.errors[name] ? form.errors[name] : undefined;
  const permissionsError =
    form.submitCount > 0 && typeof form.errors.permissions === 'string'
      ? form.errors.permissions
      : undefined;
  const close = () => {
    if (!form.isSubmitting) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title={role ? `Edit role ${role.name}` : 'New role'}
      width={720}
      // A stray click beside the dialog must not throw away what was typed or ticked.
      closeOnBackdropClick={!form.dirty}
    >
      <form className="bo-form" onSubmit={form.handleSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          value={form.values.name}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={fieldError('name')}
        />
        <TextField
          label="Description"
          name="description"
          autoComplete="off"
          // maxlength counts UTF-16 units; the rule counts characters (an emoji is two units).
          maxLength={ROLE_DESCRIPTION_MAX_LENGTH * 2}
          value={form.values.description}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={fieldError('description')}
          hint="Optional: who the role is for."
        />
        <div className="bo-roles-two-factor">
          <Checkbox
            label={ROLE_MESSAGES.requireTwoFactor}
            name="requiresTwoFactor"
            checked={form.values.requiresTwoFactor}
            disabled={form.isSubmitting}
            aria-describedby={twoFactorHintId}
            onChange={(event) => void form.setFieldValue('requiresTwoFactor', event.target.checked)}
          />
          <p id={twoFactorHintId} className="bo-roles-two-factor__hint">
            {ROLE_MESSAGES.requireTwoFactorHint}
          </p>
        </div>
        <p className="bo-roles-note">
          {ROLE_MESSAGES.appliesNextRequest}{' '}
          {role ? `${role.holders} ${role.holders === 1 ? 'user holds' : 'users hold'} it.` : null}
        </p>
        <PermissionChecklist
          value={form.values.permissions}
          onChange={(permissions) => void form.setFieldValue('permissions', permissions)}
          grantable={person.permissions}
          errorId={permissionsError ? permissionsErrorId : undefined}
          disabled={form.isSubmitting}
        />
        {permissionsError ? (
          <p id={permissionsErrorId} className="bo-roles-error">
            {permissionsError}
          </p>
        ) : null}
        {refusal ? (
          <p className="bo-roles-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            {role ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
