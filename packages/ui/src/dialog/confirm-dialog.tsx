import { type ReactNode, useId } from 'react';
import { Button, type ButtonVariant } from '../button/button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** E.g. statusChangeConfirmationText(from, to) from @paygate/domain. */
  message: ReactNode;
  /** Optional heading; without it the message names the dialog. */
  title?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and a click outside call it. */
  onCancel: () => void;
  /** The confirmed action is running: Continue is disabled and shows a spinner. */
  busy?: boolean;
  /** 'Cancel' unless translated. */
  cancelLabel?: string;
  /** 'Continue' unless translated. */
  confirmLabel?: string;
  confirmVariant?: ButtonVariant;
  width?: number | string;
}

/** Yes/no question with Cancel and Continue, e.g. the invoice status change confirmation. */
export const ConfirmDialog = ({
  open,
  message,
  title,
  onConfirm,
  onCancel,
  busy = false,
  cancelLabel = 'Cancel',
  confirmLabel = 'Continue',
  confirmVariant = 'primary',
  width = 420,
}: ConfirmDialogProps) => {
  const messageId = `${useId()}message`;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      labelledBy={title === undefined ? messageId : undefined}
      describedBy={title === undefined ? undefined : messageId}
      showCloseButton={false}
      width={width}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} style={{ margin: 0 }}>
        {message}
      </p>
    </Dialog>
  );
};
