import { Checkbox } from '@paygate/ui';
import { useId } from 'react';
import { ROLE_MESSAGES } from './role-form.ts';
import { PERMISSION_CHECKLIST } from './role-permissions.ts';

export interface PermissionChecklistProps {
  /** The chosen permissions. */
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** The signed-in person's permissions: only these can be granted (nobody grants what they lack). */
  grantable: readonly string[];
  /** Links the checklist to the message of a refused choice. */
  errorId?: string | undefined;
  disabled?: boolean;
}

/**
 * Every permission of the permission table, grouped, each labelled with its string and described
 * by what it shows or allows. One the person does not hold is disabled and says why.
 */
export const PermissionChecklist = ({
  value,
  onChange,
  grantable,
  errorId,
  disabled = false,
}: PermissionChecklistProps) => {
  const baseId = useId();
  const chosen = new Set(value);
  const toggle = (permission: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(permission);
    else next.delete(permission);
    onChange([...next]);
  };

  return (
    <fieldset className="bo-roles-checklist" aria-describedby={errorId}>
      <legend>Permissions</legend>
      {PERMISSION_CHECKLIST.map((group, groupIndex) => (
        <fieldset key={group.title} className="bo-roles-checklist__group">
          <legend>{group.title}</legend>
          <ul>
            {group.entries.map(({ permission, effect }, index) => {
              const id = `${baseId}${groupIndex}-${index}`;
              const held = grantable.includes(permission);
              return (
                <li key={permission} className="bo-roles-checklist__item">
                  <Checkbox
                    label={<code>{permission}</code>}
                    name="permissions"
                    value={permission}
                    checked={chosen.has(permission)}
                    disabled={disabled || !held}
                    aria-describedby={held ? `${id}-effect` : `${id}-effect ${id}-reason`}
                    onChange={(event) => toggle(permission, event.target.checked)}
                  />
                  <p id={`${id}-effect`} className="bo-roles-checklist__effect">
                    {effect}
                  </p>
                  {held ? null : (
                    <p id={`${id}-reason`} className="bo-roles-checklist__reason">
                      {ROLE_MESSAGES.notHeld}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </fieldset>
  );
};
