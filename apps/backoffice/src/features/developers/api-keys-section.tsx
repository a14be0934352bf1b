import {
  type ApiKey,
  type CreatedApiKey,
  useGetApiKeysQuery,
  useRevokeApiKeyMutation,
} from '@paygate/api';
import { API_KEY_SCOPE_LABELS, isApiKeyScope } from '@paygate/domain';
import { Badge, Button } from '@paygate/ui';
import { useRef, useState } from 'react';
import { ListTable } from '../layout/list-table.tsx';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { DeveloperSection } from './developer-section.tsx';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { DeveloperTime } from './developer-time.tsx';
import { useFocusAfterClose } from './focus-after-close.ts';
import { RowDialogButton } from './row-dialog-button.tsx';
import { SecretDialog, type ShownSecret } from './secret-dialog.tsx';
import { WholeList } from './whole-list.tsx';

const scopeText = (scope: string) => (isApiKeyScope(scope) ? API_KEY_SCOPE_LABELS[scope] : scope);

/** Revoke, after the confirmation; the server's refusal stays in view. */
const RevokeKeyDialog = ({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) => {
  const [revoke, { isLoading }] = useRevokeApiKeyMutation();
  return (
    <ConfirmActionDialog
      title="Revoke API key"
      message={DEVELOPER_TEXTS.revokeConfirmation(apiKey.label)}
      confirmLabel="Revoke"
      busy={isLoading}
      action={() => revoke({ keyId: apiKey.id }).unwrap()}
      doneText={DEVELOPER_TEXTS.apiKeyRevoked(apiKey.label)}
      onClose={onClose}
    />
  );
};

const ApiKeysTable = ({
  keys,
  busy,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  busy: boolean;
  onRevoke: (key: ApiKey) => void;
}) => (
  <ListTable caption={DEVELOPER_TEXTS.apiKeys} busy={busy}>
    <thead>
      <tr>
        <th scope="col">Label</th>
        <th scope="col">Public key</th>
        <th scope="col">Scopes</th>
        <th scope="col">Created</th>
        <th scope="col">Created by</th>
        <th scope="col">Last used</th>
        <th scope="col">Status</th>
        <th scope="col">
          <span className="bo-visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
    <tbody>
      {keys.map((key) => (
        <tr key={key.id}>
          <td>{key.label}</td>
          <td>
            <code>{key.publicKey}</code>
          </td>
          <td className="bo-developers-wrap">{key.scopes.map(scopeText).join(', ')}</td>
          <td>
            <DeveloperTime value={key.createdAt} />
          </td>
          <td>{key.createdBy ?? DEVELOPER_TEXTS.noValue}</td>
          <td>
            {key.lastUsedAt ? <DeveloperTime value={key.lastUsedAt} /> : DEVELOPER_TEXTS.never}
          </td>
          <td>
            {key.revokedAt ? (
              <span className="bo-developers-status">
                <Badge kind="neutral">{DEVELOPER_TEXTS.revoked}</Badge>
                <DeveloperTime value={key.revokedAt} />
              </span>
            ) : (
              <Badge kind="success">{DEVELOPER_TEXTS.active}</Badge>
            )}
          </td>
          <td>
            {key.revokedAt ? null : (
              <RowDialogButton
                action="Revoke"
                target={`key ${key.label}`}
                onClick={() => onRevoke(key)}
              />
            )}
          </td>
        </tr>
      ))}
    </tbody>
  </ListTable>
);

/** The secret of a key just created, shown once. */
const createdSecret = (key: CreatedApiKey): ShownSecret => ({
  title: `API key ${key.label}`,
  warning: DEVELOPER_TEXTS.secretShownOnce,
  values: [
    { label: 'Public key', value: key.publicKey, what: 'public key' },
    { label: 'Secret', value: key.secret, what: 'secret' },
  ],
  note: 'Anyone holding the secret can call the API as this merchant: keep it on your server, never in a browser or app.',
});

/**
 * API keys (issue 23 item 1): the merchant's keys, newest first with the revoked ones; Create API
 * key shows the secret once; Revoke after a confirmation.
 */
export const ApiKeysSection = ({ merchantId }: { merchantId: number | undefined }) => {
  const keys = useGetApiKeysQuery({ merchantId });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useFocusAfterClose(shown !== null, createButton);

  return (
    <DeveloperSection
      headingId="developers-api-keys"
      title={DEVELOPER_TEXTS.apiKeys}
      actions={
        <Button ref={createButton} aria-haspopup="dialog" onClick={() => setCreating(true)}>
          {DEVELOPER_TEXTS.createApiKey}
        </Button>
      }
      intro={DEVELOPER_TEXTS.apiKeysIntro}
    >
      <WholeList
        query={keys}
        loadFailed={DEVELOPER_TEXTS.apiKeysFailed}
        loading={DEVELOPER_TEXTS.loadingApiKeys}
        nothingFound={DEVELOPER_TEXTS.noApiKeys}
      >
        {(items) => <ApiKeysTable keys={items} busy={keys.isFetching} onRevoke={setRevoking} />}
      </WholeList>
      {creating ? (
        <CreateApiKeyDialog
          merchantId={merchantId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setShown(createdSecret(key));
          }}
        />
      ) : null}
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
      {revoking ? <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </DeveloperSection>
  );
};
