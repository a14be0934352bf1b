import { Button, CopyButton, Dialog, useToast } from '@paygate/ui';
import { type ReactNode, useId } from 'react';
import { DEVELOPER_TEXTS } from './developer-texts.ts';

/** A value of the dialog with its copy button, e.g. the secret or the public key. */
export interface SecretValue {
  label: string;
  value: string;
  /** For the copy button's name: "Copy <what>". */
  what: string;
}

/** What the dialog shows; null while closed. */
export interface ShownSecret {
  title: string;
  /** Said first, e.g. that it is shown only once. */
  warning: ReactNode;
  values: SecretValue[];
  /** Said after the values, e.g. until when the previous secret signs. */
  note?: ReactNode;
  /** The closing button; "I have stored the secret" by default. */
  doneLabel?: string;
}

const SecretRow = ({ label, value, what }: SecretValue) => {
  const toast = useToast();
  return (
    <div className="bo-developers-secret__row">
      <dt>{label}</dt>
      <dd>
        <code className="bo-developers-secret__value">{value}</code>
        <CopyButton
          value={value}
          what={what}
          onCopy={(ok) => {
            if (!ok) toast.error(DEVELOPER_TEXTS.copyFailed);
          }}
        />
      </dd>
    </div>
  );
};

/**
 * A secret the server answered with (a new API key's, the webhook secret revealed or rotated). It
 * lives in the props only: once the dialog closes it is gone, and no list holds it.
 */
export const SecretDialog = ({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) => {
  const warningId = useId();
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      title={shown?.title}
      describedBy={warningId}
      width={640}
      // A stray click must not throw the only copy of a secret away.
      closeOnBackdropClick={false}
      footer={<Button onClick={onClose}>{shown?.doneLabel ?? DEVELOPER_TEXTS.secretStored}</Button>}
    >
      {shown ? (
        <div className="bo-developers-secret">
          <p id={warningId} className="bo-developers-warning">
            <strong>{shown.warning}</strong>
          </p>
          <dl className="bo-developers-secret__values">
            {shown.values.map((value) => (
              <SecretRow key={value.label} {...value} />
            ))}
          </dl>
          {shown.note ? <p className="bo-developers-note">{shown.note}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
};
