import type { StaffRole } from '@paygate/api';
import { Badge, Button, Dialog } from '@paygate/ui';
import { useId } from 'react';
import { ROLE_MESSAGES } from './role-form.ts';
import { groupPermissions } from './role-permissions.ts';

/** Why a role opens read-only. */
export const READ_ONLY_REASONS = {
  builtIn: 'Built-in roles cannot be changed or deleted.',
  beyondOwn: 'You cannot change or delete this role: it has permissions you do not hold.',
} as const;

/**
 * A role shown read-only: a built-in one, or a custom one with permissions the signed-in person
 * lacks (the server refuses them its changes). Whether it requires two-factor sign-in (the admin
 * role does in production) and its permissions are listed in words.
 */
export const RoleDetailsDialog = ({ role, onClose }: { role: StaffRole; onClose: () => void }) => {
  const baseId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Role ${role.name}`}
      width={640}
      showCloseButton={false}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="bo-roles-details">
        <p className="bo-roles-note">
          {role.builtIn ? READ_ONLY_REASONS.builtIn : READ_ONLY_REASONS.beyondOwn}
        </p>
        {role.description ? <p>{role.description}</p> : null}
        <p>
          {role.holders} {role.holders === 1 ? 'user holds' : 'users hold'} this role.
        </p>
        {role.requiresTwoFactor ? (
          <p className="bo-roles-details__two-factor">
            <Badge kind="primary">{ROLE_MESSAGES.twoFactorRequired}</Badge>{' '}
            {ROLE_MESSAGES.requireTwoFactorHint}
          </p>
        ) : (
          <p className="bo-roles-details__two-factor">{ROLE_MESSAGES.twoFactorNotRequired}</p>
        )}
        {groupPermissions(role.permissions).map((group, index) => (
          <section
            key={group.title}
            className="bo-roles-details__group"
            aria-labelledby={`${baseId}${index}`}
          >
            <h3 id={`${baseId}${index}`}>{group.title}</h3>
            <dl>
              {group.entries.map(({ permission, effect }) => (
                <div key={permission} className="bo-roles-details__permission">
                  <dt>
                    <code>{permission}</code>
                  </dt>
                  <dd>{effect}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
};
