import {
  type Invoice,
  type ReferenceItem,
  useChangeInvoiceStatusMutation,
  useGetReferenceListQuery,
} from '@paygate/api';
import {
  REFERENCE_HEADER_IDS,
  statusChangeConfirmationText,
  statusChangeOptions,
} from '@paygate/domain';
import { ConfirmDialog, Select, useToast } from '@paygate/ui';
import { useState } from 'react';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { useInvoiceEventsRefetched } from './use-invoice-events-refetched.ts';

/** A status of reference list 201 with the code statusChangeOptions compares. */
type StatusOption = ReferenceItem & { code: string };

/**
 * SPEC §4 manual status change (invoice.status.change, or a test-processing invoice): a select of
 * every status but the current one; choosing one asks for confirmation; Continue sends
 * PATCH /api/v1/invoice/status and, once the invoice events are refetched, toasts and closes.
 */
export const ChangeStatusControl = ({ invoice }: { invoice: Invoice }) => {
  const toast = useToast();
  const statuses = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.paymentStatus });
  const [changeStatus] = useChangeInvoiceStatusMutation();
  const eventsRefetched = useInvoiceEventsRefetched(invoice.invoiceId);
  const [target, setTarget] = useState<StatusOption | null>(null);
  const [running, setRunning] = useState(false);

  const current = invoice.invoiceStatus;
  const currentLabel = current.value ?? current.code ?? '';
  const options = statusChangeOptions(
    (statuses.data ?? []).map((item) => ({ ...item, code: item.code ?? String(item.id) })),
    current.code ?? '',
  ).filter((item) => item.id !== current.id);

  const choose = (value: string) => {
    setTarget(options.find((option) => String(option.id) === value) ?? null);
  };
  const close = () => {
    if (!running) setTarget(null);
  };
  const confirm = async () => {
    if (!target || running) return;
    setRunning(true);
    try {
      await changeStatus({ invoiceId: invoice.invoiceId, statusId: target.id }).unwrap();
    } catch {
      toast.error(DETAILS_MESSAGES.changeFailed);
      setRunning(false);
      setTarget(null);
      return;
    }
    await eventsRefetched();
    toast.success(DETAILS_MESSAGES.statusChanged);
    setRunning(false);
    setTarget(null);
  };

  return (
    <>
      <Select
        label="Change status"
        className="bo-status-select"
        placeholder={statuses.isLoading ? 'Loading statuses…' : 'Choose a status'}
        options={options.map((option) => ({ value: option.id, label: option.value }))}
        value={target ? target.id : ''}
        onChange={choose}
        disabled={statuses.isLoading || running}
        error={statuses.isError ? 'Could not load the statuses' : undefined}
      />
      <ConfirmDialog
        open={target !== null}
        message={target ? statusChangeConfirmationText(currentLabel, target.value) : ''}
        onCancel={close}
        onConfirm={() => void confirm()}
        busy={running}
      />
    </>
  );
};
