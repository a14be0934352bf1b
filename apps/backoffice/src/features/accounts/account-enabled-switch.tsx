import { errorMessageOf, useTogglePeopleAccountMutation } from '@paygate/api';
import { Switch, useToast } from '@paygate/ui';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

export interface AccountEnabledSwitchProps {
  account: { id: number; enabled: boolean };
  /** Accessible name, e.g. 'Enabled' or 'Account 5 enabled'. */
  label: string;
  hideLabel?: boolean;
}

/**
 * SPEC §4, §6: the enabled toggle of an account (PATCH /api/v1/people/account/{id}). While the
 * call runs the switch shows the requested state, disabled and aria-busy; it keeps showing the
 * state the server confirmed until the refetched account arrives, and goes back on failure.
 */
export const AccountEnabledSwitch = ({
  account,
  label,
  hideLabel = false,
}: AccountEnabledSwitchProps) => {
  const [toggle, { isLoading }] = useTogglePeopleAccountMutation();
  const toast = useToast();
  const [requested, setRequested] = useState<boolean | null>(null);
  const [shownAccount, setShownAccount] = useState(account);
  // A new account object (the refetch after the change) is the truth again.
  if (shownAccount !== account) {
    setShownAccount(account);
    if (!isLoading) setRequested(null);
  }

  const change = async (enabled: boolean) => {
    setRequested(enabled);
    try {
      await toggle({ accountId: account.id, enabled }).unwrap();
      toast.success(ACCOUNT_MESSAGES.changed);
    } catch (error) {
      setRequested(null);
      toast.error(errorMessageOf(error));
    }
  };

  return (
    <Switch
      checked={requested ?? account.enabled}
      onCheckedChange={(enabled) => void change(enabled)}
      label={label}
      hideLabel={hideLabel}
      disabled={isLoading}
      aria-busy={isLoading || undefined}
    />
  );
};
