import {
  errorMessageOf,
  type RotatedWebhookSecret,
  useGetWebhookSecretsQuery,
  useRevealWebhookSecretMutation,
  type WebhookSecret,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Badge, Button, useToast } from '@paygate/ui';
import { useId, useRef, useState } from 'react';
import { DeveloperSection } from './developer-section.tsx';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { DeveloperTime } from './developer-time.tsx';
import { useFocusAfterClose } from './focus-after-close.ts';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';
import { SecretDialog, type ShownSecret } from './secret-dialog.tsx';
import { WholeList } from './whole-list.tsx';

const SecretList = ({ secrets }: { secrets: readonly WebhookSecret[] }) => (
  <ul className="bo-developers-secrets">
    {secrets.map((secret) => (
      <li key={secret.id} className="bo-developers-secrets__item">
        {secret.expiresAt === null ? (
          <Badge kind="success">{DEVELOPER_TEXTS.current}</Badge>
        ) : (
          <Badge kind="warning">{DEVELOPER_TEXTS.stillSigning}</Badge>
        )}
        <code>{secret.hint}</code>
        <span className="bo-developers-note">
          created <DeveloperTime value={secret.createdAt} />
          {secret.expiresAt === null ? null : (
            <>
              , expires <DeveloperTime value={secret.expiresAt} />
            </>
          )}
        </span>
      </li>
    ))}
  </ul>
);

const revealedSecret = (secret: string): ShownSecret => ({
  title: DEVELOPER_TEXTS.webhookSecret,
  warning: `${DEVELOPER_TEXTS.revealRecorded} Keep the secret on your server, never in a browser or app.`,
  values: [{ label: 'Signing secret', value: secret, what: 'webhook signing secret' }],
  doneLabel: 'Done',
});

const rotatedSecret = ({ secret, previousExpiresAt }: RotatedWebhookSecret): ShownSecret => ({
  title: 'New webhook signing secret',
  warning: DEVELOPER_TEXTS.secretShownOnce,
  values: [{ label: 'Signing secret', value: secret, what: 'webhook signing secret' }],
  note: previousExpiresAt
    ? `Callbacks carry signatures of both secrets until ${formatDateTimeShort(previousExpiresAt)} UTC; then only the new one signs.`
    : 'Only the new secret signs callbacks from now on.',
});

/**
 * The webhook signing secret (issue 23 item 2): the current secret's hint and the rotated ones
 * still signing; Reveal (recorded in the audit log) and Rotate with a grace period.
 */
export const WebhookSecretSection = ({ merchantId }: { merchantId: number | undefined }) => {
  const toast = useToast();
  const secrets = useGetWebhookSecretsQuery({ merchantId });
  const [reveal, revealing] = useRevealWebhookSecretMutation();
  const [rotating, setRotating] = useState(false);
  // The secret on view, and whether Rotate (whose dialog is gone) led to it.
  const [shown, setShown] = useState<{ secret: ShownSecret; rotated: boolean } | null>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const revealNoteId = useId();
  useFocusAfterClose(shown?.rotated === true, rotateButton);

  const hasCurrent = secrets.currentData?.some((secret) => secret.expiresAt === null) ?? false;

  const revealSecret = async () => {
    try {
      const { secret } = await reveal(
        merchantId === undefined ? undefined : { merchantId },
      ).unwrap();
      setShown({ secret: revealedSecret(secret), rotated: false });
    } catch (error) {
      toast.error(`${DEVELOPER_TEXTS.revealFailed}: ${errorMessageOf(error)}`);
    }
  };

  return (
    <DeveloperSection
      headingId="developers-webhook-secret"
      title={DEVELOPER_TEXTS.webhookSecret}
      actions={
        <>
          <Button
            variant="secondary"
            aria-describedby={revealNoteId}
            busy={revealing.isLoading}
            disabled={!hasCurrent}
            onClick={() => void revealSecret()}
          >
            {DEVELOPER_TEXTS.reveal}
          </Button>
          <Button
            ref={rotateButton}
            aria-haspopup="dialog"
            disabled={!secrets.currentData}
            onClick={() => setRotating(true)}
          >
            {DEVELOPER_TEXTS.rotate}
          </Button>
        </>
      }
      intro={DEVELOPER_TEXTS.webhookSecretIntro}
    >
      <p id={revealNoteId} className="bo-developers-note">
        {DEVELOPER_TEXTS.revealRecorded}
      </p>
      <WholeList
        query={secrets}
        loadFailed={DEVELOPER_TEXTS.webhookSecretsFailed}
        loading={DEVELOPER_TEXTS.loadingWebhookSecrets}
        nothingFound={DEVELOPER_TEXTS.noWebhookSecret}
      >
        {(items) => <SecretList secrets={items} />}
      </WholeList>
      {rotating ? (
        <RotateSecretDialog
          merchantId={merchantId}
          onClose={() => setRotating(false)}
          onRotated={(rotated) => {
            setRotating(false);
            setShown({ secret: rotatedSecret(rotated), rotated: true });
          }}
        />
      ) : null}
      <SecretDialog shown={shown?.secret ?? null} onClose={() => setShown(null)} />
    </DeveloperSection>
  );
};
