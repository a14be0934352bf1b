import {
  errorMessageOf,
  type StaffRole,
  useDeleteStaffRoleMutation,
  useGetStaffRolesQuery,
} from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { Button, ConfirmDialog, EmptyState, useToast } from '@paygate/ui';
import { type ReactNode, useState } from 'react';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { RoleDetailsDialog } from './role-details-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { ROLE_MESSAGES } from './role-form.ts';
import { RolesTable } from './roles-table.tsx';
import './roles.css';

/** What is open over the list: a role read-only, the editor (a role or a new one), or nothing. */
type Opened =
  | { kind: 'view'; role: StaffRole }
  | { kind: 'edit'; role?: StaffRole }
  | { kind: 'delete'; role: StaffRole }
  | null;

const RolesHeading = ({ children }: { children?: ReactNode }) => (
  <div className="bo-roles-toolbar">
    <h1 id="roles-title">Roles</h1>
    {children}
  </div>
);

/** Delete a custom role, after a confirmation; the server's refusal (it is held) stays in view. */
const DeleteRoleDialog = ({ role, onClose }: { role: StaffRole; onClose: () => void }) => {
  const [deleteRole, { isLoading }] = useDeleteStaffRoleMutation();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setRefusal(null);
    try {
      await deleteRole({ roleId: role.id }).unwrap();
      toast.success(ROLE_MESSAGES.deleted);
      onClose();
    } catch (error) {
      setRefusal(errorMessageOf(error));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete role"
      message={
        <>
          Delete the role “{role.name}”? This cannot be undone.
          {refusal ? (
            <span className="bo-roles-error bo-roles-error--block" role="alert">
              {refusal}
            </span>
          ) : null}
        </>
      }
      confirmLabel="Delete"
      confirmVariant="danger"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!isLoading) onClose();
      }}
    />
  );
};

const RolesScreen = () => {
  const roles = useGetStaffRolesQuery();
  const [opened, setOpened] = useState<Opened>(null);
  const close = () => setOpened(null);

  let content: ReactNode;
  if (roles.isError) {
    content = <LoadFailed message="Could not load the roles" query={roles} />;
  } else if (!roles.data) {
    content = <Loading label="Loading roles" />;
  } else if (roles.data.length === 0) {
    content = <EmptyState text={ROLE_MESSAGES.noRoles} />;
  } else {
    content = (
      <RolesTable
        roles={roles.data}
        busy={roles.isFetching}
        onView={(role) => setOpened({ kind: 'view', role })}
        onEdit={(role) => setOpened({ kind: 'edit', role })}
        onDelete={(role) => setOpened({ kind: 'delete', role })}
      />
    );
  }

  return (
    <section className="bo-roles" aria-labelledby="roles-title">
      <RolesHeading>
        <Button aria-haspopup="dialog" onClick={() => setOpened({ kind: 'edit' })}>
          New role
        </Button>
      </RolesHeading>
      <p className="bo-roles-note">
        Built-in roles are read-only. A custom role grants the permissions chosen for it; a change
        applies to its users at their next request.
      </p>
      {content}
      {opened?.kind === 'view' ? <RoleDetailsDialog role={opened.role} onClose={close} /> : null}
      {opened?.kind === 'edit' ? <RoleDialog role={opened.role} onClose={close} /> : null}
      {opened?.kind === 'delete' ? <DeleteRoleDialog role={opened.role} onClose={close} /> : null}
    </section>
  );
};

/**
 * /roles (issue 22 item 2, role.manage): the built-in roles (read-only) and the custom ones,
 * created, changed and deleted here. Without role.manage the screen says so and makes no call.
 */
export const RolesPage = () => {
  const person = useCurrentPerson();
  if (!hasPermission(person, 'role.manage')) {
    return (
      <section className="bo-roles" aria-labelledby="roles-title">
        <RolesHeading />
        <EmptyState text={ROLE_MESSAGES.noAccess} />
      </section>
    );
  }
  return <RolesScreen />;
};
