import { Button } from '@paygate/ui';

/**
 * A table row's action that opens a dialog (Edit, Delete, Revoke): shows `action`, named
 * "<action> <target>" so each row's button has a name of its own.
 */
export const RowDialogButton = ({
  action,
  target,
  onClick,
}: {
  action: string;
  /** What the row is, e.g. the endpoint's URL. */
  target: string;
  onClick: () => void;
}) => (
  <Button
    variant="secondary"
    aria-haspopup="dialog"
    aria-label={`${action} ${target}`}
    onClick={onClick}
  >
    {action}
  </Button>
);
