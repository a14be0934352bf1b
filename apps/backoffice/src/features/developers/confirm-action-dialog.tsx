import { errorMessageOf } from '@paygate/api';
import { ConfirmDialog, useToast } from '@paygate/ui';
import { type ReactNode, useState } from 'react';

export interface ConfirmActionDialogProps {
  title: string;
  /** What the action does, asked before it runs. */
  message: ReactNode;
  confirmLabel: string;
  /** The action is running. */
  busy: boolean;
  /** The action; a rejection is the server's refusal. */
  action: () => Promise<unknown>;
  /** Toasted once the action is done. */
  doneText: string;
  onClose: () => void;
}

/**
 * A dangerous action (Revoke, Delete) after the confirmation; the server's refusal stays in view
 * and the dialog open. It cannot be cancelled while the action runs. Mounted while open.
 */
export const ConfirmActionDialog = ({
  title,
  message,
  confirmLabel,
  busy,
  action,
  doneText,
  onClose,
}: ConfirmActionDialogProps) => {
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setRefusal(null);
    try {
      await action();
      toast.success(doneText);
      onClose();
    } catch (error) {
      setRefusal(errorMessageOf(error));
    }
  };
  return (
    <ConfirmDialog
      open
      title={title}
      message={
        <>
          {message}
          {refusal ? (
            <span className="bo-developers-error bo-developers-error--block" role="alert">
              {refusal}
            </span>
          ) : null}
        </>
      }
      confirmLabel={confirmLabel}
      confirmVariant="danger"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!busy) onClose();
      }}
    />
  );
};
