import type { PasswordLink } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button, CopyButton, Dialog, useToast } from '@paygate/ui';
import { useId } from 'react';
import { USER_TEXTS } from './user-display.ts';

/** A set-password link just issued, and whose it is. */
export interface IssuedPasswordLink {
  username: string;
  link: PasswordLink;
}

/** The link as the user opens it: this back office's origin and the server's path. */
export const absoluteLinkOf = (link: PasswordLink): string =>
  `${window.location.origin}${link.path}`;

/**
 * The one-time set-password link of a user just added or reset (decision 0019). It is in the
 * server's answer only: it lives in this dialog's props and is gone once the dialog closes.
 */
export const PasswordLinkDialog = ({
  issued,
  onClose,
}: {
  issued: IssuedPasswordLink | null;
  onClose: () => void;
}) => {
  const noteId = useId();
  const toast = useToast();
  const url = issued ? absoluteLinkOf(issued.link) : '';
  return (
    <Dialog
      open={issued !== null}
      onClose={onClose}
      title={issued ? `Set-password link for ${issued.username}` : undefined}
      describedBy={noteId}
      width={640}
      // A stray click must not throw the only copy of the link away.
      closeOnBackdropClick={false}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {issued ? (
        <div className="bo-users-link">
          <p id={noteId} className="bo-users-link__warning">
            <strong>{USER_TEXTS.linkShownOnce}</strong>
          </p>
          <div className="bo-users-link__row">
            <code className="bo-users-link__url">{url}</code>
            <CopyButton
              value={url}
              what="set-password link"
              onCopy={(ok) => {
                if (!ok) toast.error(USER_TEXTS.copyFailed);
              }}
            />
          </div>
          <p className="bo-users-note">
            Expires at {formatDateTimeShort(issued.link.expiresAt)} UTC. Until {issued.username}{' '}
            sets a password with it, they cannot sign in.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
};
