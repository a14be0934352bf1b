import { errorMessageOf, useGetStaffRolesQuery } from '@paygate/api';
import { Button, Checkbox, Spinner } from '@paygate/ui';
import { type ReactNode, useId } from 'react';
import { roleChoicesOf } from './role-choice.ts';

export interface RoleChecklistProps {
  /** The user belongs to a merchant: roles with platform-only permissions are not offered. */
  merchantUser: boolean;
  /** The chosen role names. */
  value: readonly string[];
  onChange: (roles: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The roles of GET /api/v1/roles as a checklist, each with its description. A role that cannot be
 * given is disabled and says why; one the user already holds stays enabled so it can be removed.
 */
export const RoleChecklist = ({
  merchantUser,
  value,
  onChange,
  error,
  disabled = false,
}: RoleChecklistProps) => {
  const baseId = useId();
  const roles = useGetStaffRolesQuery();
  const errorId = `${baseId}error`;

  let content: ReactNode;
  if (roles.isError && !roles.data) {
    content = (
      <div className="bo-users-load-error" role="alert">
        <p>Could not load the roles: {errorMessageOf(roles.error)}</p>
        <Button variant="secondary" busy={roles.isFetching} onClick={() => void roles.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!roles.data) {
    content = <Spinner label="Loading the roles" />;
  } else {
    content = (
      <ul className="bo-users-roles">
        {roleChoicesOf(roles.data, merchantUser).map(({ role, reason }, index) => {
          const checked = value.includes(role.name);
          const descriptionId = `${baseId}role${index}`;
          const reasonId = `${baseId}reason${index}`;
          return (
            <li key={role.id}>
              <Checkbox
                label={role.name}
                name="roles"
                value={role.name}
                checked={checked}
                disabled={disabled || (reason !== null && !checked)}
                aria-describedby={reason === null ? descriptionId : `${descriptionId} ${reasonId}`}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, role.name]
                      : value.filter((name) => name !== role.name),
                  )
                }
              />
              <p id={descriptionId} className="bo-users-roles__description">
                {role.description}
              </p>
              {reason === null ? null : (
                <p id={reasonId} className="bo-users-roles__reason">
                  {reason}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset
      className="bo-users-roles__field"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>Roles</legend>
      {content}
      {error ? (
        <p id={errorId} className="bo-users-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};
