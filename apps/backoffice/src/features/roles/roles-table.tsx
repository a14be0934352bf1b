import type { StaffRole } from '@paygate/api';
import { Badge, Button } from '@paygate/ui';
import { ROLE_MESSAGES } from './role-form.ts';

export interface RolesTableProps {
  roles: readonly StaffRole[];
  busy?: boolean;
  onView: (role: StaffRole) => void;
  onEdit: (role: StaffRole) => void;
  onDelete: (role: StaffRole) => void;
}

/** A custom role the person may change: they hold every permission it grants. */
export const isEditable = (role: StaffRole): boolean => !role.builtIn && role.assignable;

const countText = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** Roles: name (built-in and 2FA required marked), description, how many users hold it, how many permissions. */
export const RolesTable = ({ roles, busy, onView, onEdit, onDelete }: RolesTableProps) => (
  <div className="bo-roles-table__scroll">
    <table className="bo-roles-table" aria-busy={busy || undefined}>
      <caption className="bo-visually-hidden">Roles</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Description</th>
          <th scope="col">Users</th>
          <th scope="col">Permissions</th>
          <th scope="col">
            <span className="bo-visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.id}>
            <th scope="row" className="bo-roles-table__name">
              <span>{role.name}</span>
              {role.builtIn ? <Badge kind="neutral">Built-in</Badge> : null}
              {role.requiresTwoFactor ? (
                <Badge kind="primary">{ROLE_MESSAGES.twoFactorRequired}</Badge>
              ) : null}
            </th>
            <td className="bo-roles-table__description">{role.description}</td>
            <td>{countText(role.holders, 'user', 'users')}</td>
            <td>{countText(role.permissions.length, 'permission', 'permissions')}</td>
            <td className="bo-roles-table__actions">
              {isEditable(role) ? (
                <>
                  <Button
                    variant="secondary"
                    aria-haspopup="dialog"
                    aria-label={`Edit ${role.name}`}
                    onClick={() => onEdit(role)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    aria-haspopup="dialog"
                    aria-label={`Delete ${role.name}`}
                    onClick={() => onDelete(role)}
                  >
                    Delete
                  </Button>
                </>
              ) : (
                <Button
                  variant="secondary"
                  aria-haspopup="dialog"
                  aria-label={`View ${role.name}`}
                  onClick={() => onView(role)}
                >
                  View
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
