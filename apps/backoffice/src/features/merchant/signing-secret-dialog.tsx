import type { CreatedMerchant } from '@paygate/api';
import { Button, CopyButton, Dialog, useToast } from '@paygate/ui';
import { useId } from 'react';
import { COPY_FAILED } from './merchant-name.ts';

export const SECRET_SHOWN_ONCE =
  'This signing secret is shown only once. Store it in your secret store now: it cannot be shown again.';

const KeyRow = ({ label, value, what }: { label: string; value: string; what: string }) => {
  const toast = useToast();
  return (
    <div className="bo-merchant__key-row">
      <dt>{label}</dt>
      <dd className="bo-merchant__key">
        <code>{value}</code>
        <CopyButton
          value={value}
          what={what}
          onCopy={(ok) => {
            if (!ok) toast.error(COPY_FAILED);
          }}
        />
      </dd>
    </div>
  );
};

/**
 * The keys of a merchant just created (docs/merchant-api.md). The signing secret is in this
 * answer only: it lives in this dialog's props and is gone once the dialog closes.
 */
export const SigningSecretDialog = ({
  merchant,
  onClose,
}: {
  merchant: CreatedMerchant | null;
  onClose: () => void;
}) => {
  const warningId = useId();
  return (
    <Dialog
      open={merchant !== null}
      onClose={onClose}
      title={merchant ? `Keys of ${merchant.name}` : undefined}
      describedBy={warningId}
      width={640}
      // A stray click must not throw the only copy of the secret away.
      closeOnBackdropClick={false}
      footer={<Button onClick={onClose}>I have stored the secret</Button>}
    >
      {merchant ? (
        <>
          <p id={warningId} className="bo-merchant__warning">
            <strong>{SECRET_SHOWN_ONCE}</strong> Anyone holding it can create invoices as this
            merchant; keep it on your server, never in a browser or app.
          </p>
          <dl className="bo-merchant__keys">
            <KeyRow label="Public key" value={merchant.clientPublicKey} what="public key" />
            <KeyRow label="Signing secret" value={merchant.signingSecret} what="signing secret" />
            <KeyRow label="Webhook secret" value={merchant.webhookSecret} what="webhook secret" />
          </dl>
        </>
      ) : null}
    </Dialog>
  );
};
