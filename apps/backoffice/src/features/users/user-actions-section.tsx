import {
  errorMessageOf,
  type StaffUser,
  useChangeStaffUserMutation,
  useEndStaffUserSessionsMutation,
  useResetStaffUserPasswordMutation,
  useResetStaffUserTwoFactorMutation,
} from '@paygate/api';
import { Button, type ButtonVariant, ConfirmDialog, useToast } from '@paygate/ui';
import { useState } from 'react';
import { type IssuedPasswordLink, PasswordLinkDialog } from './password-link-dialog.tsx';
import { sessionsEndedText, USER_TEXTS } from './user-display.ts';

type UserAction = 'deactivate' | 'reactivate' | 'reset' | 'twoFactor' | 'sessions';

interface ActionQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  confirmVariant: ButtonVariant;
}

const questionOf = (action: UserAction, username: string): ActionQuestion => {
  switch (action) {
    case 'deactivate':
      return {
        title: `Deactivate ${username}?`,
        message:
          'They can no longer sign in, and every session of theirs ends at once. You can reactivate them later.',
        confirmLabel: 'Deactivate',
        confirmVariant: 'danger',
      };
    case 'reactivate':
      return {
        title: `Reactivate ${username}?`,
        message: 'They can sign in again with their password.',
        confirmLabel: 'Reactivate',
        confirmVariant: 'primary',
      };
    case 'reset':
      return {
        title: `Reset the password of ${username}?`,
        message:
          'Their password stops working and every session of theirs ends at once. You get a one-time link for them to choose a new password.',
        confirmLabel: 'Reset password',
        confirmVariant: 'danger',
      };
    case 'twoFactor':
      return {
        title: `Reset two-factor sign-in of ${username}?`,
        message:
          'Their second factor and recovery codes are removed, and their password is reset too: it stops working and every session of theirs ends at once. You get a one-time link for them to choose a new password. If their role requires two-factor sign-in, they set it up again at their next sign-in.',
        confirmLabel: 'Reset two-factor',
        confirmVariant: 'danger',
      };
    case 'sessions':
      return {
        title: `Sign ${username} out everywhere?`,
        message: 'Every session of theirs ends; they must sign in again at their next request.',
        confirmLabel: 'Sign out everywhere',
        confirmVariant: 'danger',
      };
  }
};

/**
 * Deactivate or reactivate, reset the password (then the one-time link), reset two-factor sign-in
 * (a lost phone; offered while the user has a second factor; it resets the password too, then
 * the one-time link, decision 0019) and sign out everywhere, each after a confirmation; for a
 * user the caller may manage.
 */
export const UserActionsSection = ({ user }: { user: StaffUser }) => {
  const toast = useToast();
  const [changeUser] = useChangeStaffUserMutation();
  const [resetPassword] = useResetStaffUserPasswordMutation();
  const [resetTwoFactor] = useResetStaffUserTwoFactorMutation();
  const [endSessions] = useEndStaffUserSessionsMutation();
  const [asking, setAsking] = useState<UserAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedPasswordLink | null>(null);

  const run = async (action: UserAction) => {
    setBusy(true);
    try {
      if (action === 'deactivate' || action === 'reactivate') {
        const enabled = action === 'reactivate';
        await changeUser({ userId: user.id, enabled }).unwrap();
        toast.success(enabled ? USER_TEXTS.userReactivated : USER_TEXTS.userDeactivated);
      } else if (action === 'reset') {
        const link = await resetPassword({ userId: user.id }).unwrap();
        setIssued({ username: user.username, link });
      } else if (action === 'twoFactor') {
        // The password is reset with it (decision 0019): the link is shown as after a reset.
        const link = await resetTwoFactor({ userId: user.id }).unwrap();
        toast.success(USER_TEXTS.twoFactorReset);
        setIssued({ username: user.username, link });
      } else {
        const { ended } = await endSessions({ userId: user.id }).unwrap();
        toast.success(sessionsEndedText(ended));
      }
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const question = asking ? questionOf(asking, user.username) : null;
  return (
    <section className="bo-user-section" aria-labelledby="user-actions-title">
      <h2 id="user-actions-title">Access</h2>
      <div className="bo-user-actions">
        {user.enabled ? (
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => setAsking('deactivate')}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => setAsking('reactivate')}
          >
            Reactivate
          </Button>
        )}
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking('reset')}>
          Reset password
        </Button>
        {user.twoFactorEnabled ? (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking('twoFactor')}>
            Reset two-factor
          </Button>
        ) : null}
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking('sessions')}>
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={question !== null}
        title={question?.title}
        message={question?.message}
        confirmLabel={question?.confirmLabel}
        confirmVariant={question?.confirmVariant}
        busy={busy}
        onConfirm={() => {
          if (asking && !busy) void run(asking);
        }}
        onCancel={() => {
          if (!busy) setAsking(null);
        }}
      />
      <PasswordLinkDialog issued={issued} onClose={() => setIssued(null)} />
    </section>
  );
};
