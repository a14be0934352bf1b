import {
  type AccountCredential,
  errorMessageOf,
  type PeopleAccountDetails,
  useRemoveAccountCredentialMutation,
} from '@paygate/api';
import { Button, ConfirmDialog, EmptyState, useToast } from '@paygate/ui';
import { useState } from 'react';
import { ListTable } from '../layout/list-table.tsx';
import { credentialValueText } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { CredentialDialog } from './credential-dialog.tsx';

type Editing = { credential?: AccountCredential } | null;

/**
 * SPEC §2 credentials list (type, parameter type, value) with add, change and remove for people
 * who may change accounts. Removing asks first; 'Successfully removed' when done.
 */
export const AccountCredentialsSection = ({
  account,
  canChange,
}: {
  account: PeopleAccountDetails;
  canChange: boolean;
}) => {
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AccountCredential | null>(null);
  const [removeCredential, { isLoading: isRemoving }] = useRemoveAccountCredentialMutation();
  const toast = useToast();

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeCredential({ accountId: account.id, credentialId: removing.id }).unwrap();
      toast.success(ACCOUNT_MESSAGES.removed);
    } catch (error) {
      toast.error(errorMessageOf(error));
    }
    setRemoving(null);
  };

  const { credentials } = account;
  return (
    <section className="bo-account-section" aria-labelledby="account-credentials-title">
      <div className="bo-account-section__header">
        <h2 id="account-credentials-title">Credentials</h2>
        {canChange ? (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setEditing({})}>
            Add credential
          </Button>
        ) : null}
      </div>
      {credentials.length === 0 ? (
        <EmptyState text={ACCOUNT_MESSAGES.noCredentials} />
      ) : (
        <ListTable caption="Credentials">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Parameter type</th>
              <th scope="col">Value</th>
              {canChange ? (
                <th scope="col">
                  <span className="bo-visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {credentials.map((credential) => (
              <tr key={credential.id}>
                <td>{credential.credentialType.value}</td>
                <td>{credential.paramType.value}</td>
                <td className="bo-accounts-table__value">{credentialValueText(credential)}</td>
                {canChange ? (
                  <td className="bo-accounts-table__actions">
                    <Button
                      variant="secondary"
                      aria-haspopup="dialog"
                      aria-label={`Change ${credential.credentialType.value}`}
                      onClick={() => setEditing({ credential })}
                    >
                      Change
                    </Button>
                    <Button
                      variant="danger"
                      aria-haspopup="dialog"
                      aria-label={`Remove ${credential.credentialType.value}`}
                      busy={isRemoving && removing?.id === credential.id}
                      onClick={() => setRemoving(credential)}
                    >
                      Remove
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      {editing ? (
        <CredentialDialog
          key={editing.credential?.id ?? 'new'}
          account={account}
          {...(editing.credential ? { credential: editing.credential } : {})}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove credential"
        message={
          removing
            ? `Remove the ${removing.credentialType.value} ${credentialValueText(removing)} from account ${account.id}?`
            : ''
        }
        confirmLabel="Remove"
        confirmVariant="danger"
        busy={isRemoving}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          if (!isRemoving) setRemoving(null);
        }}
      />
    </section>
  );
};
