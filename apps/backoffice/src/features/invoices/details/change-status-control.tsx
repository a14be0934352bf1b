import {
  errorMessageOf,
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
import { Button, ConfirmDialog, Select, useToast } from '@paygate/ui';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { useInvoiceEventsRefetched } from './use-invoice-events-refetched.ts';

/** A status of reference list 201 with the code statusChangeOptions compares. */
type StatusOption = ReferenceItem & { code: string };

/** Keys that move a closed native select's value in place (Windows browsers). */
const STEPPING_KEYS: ReadonlySet<string> = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * Whether a key press on the closed select may change its value on the way to the status wanted:
 * a stepping key, or a letter of type-ahead. Alt+arrows (and Space) open the options list instead,
 * where a choice is a commit, as with the mouse.
 */
const stepsThroughOptions = (event: KeyboardEvent<HTMLSelectElement>): boolean =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (STEPPING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '));

/**
 * SPEC §4 manual status change (invoice.status.change, or a test-processing invoice): a select of
 * every status but the current one; choosing one asks for confirmation; Continue sends
 * PATCH /api/v1/invoice/status and, once the invoice events are refetched, toasts and closes.
 *
 * A choice with the mouse (or in the opened options list) asks at once. Where arrow keys change a
 * closed select's value (Windows), each press fires `change`: a value reached that way is only
 * shown, and asked about when the keyboard user commits it with Enter or by leaving the select
 * (Escape puts the select back). Cancel or Escape in the dialog resets the selection.
 */
export const ChangeStatusControl = ({ invoice }: { invoice: Invoice }) => {
  const toast = useToast();
  const selectId = useId();
  const statuses = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.paymentStatus });
  const [changeStatus] = useChangeInvoiceStatusMutation();
  const eventsRefetched = useInvoiceEventsRefetched(invoice.invoiceId);
  const [target, setTarget] = useState<StatusOption | null>(null);
  // A value reached with the keyboard and not committed yet (shown, not asked about).
  const [pending, setPending] = useState<string | null>(null);
  // The last interaction with the select was a key press that steps through its options.
  const stepping = useRef(false);
  const [running, setRunning] = useState(false);

  const current = invoice.invoiceStatus;
  const currentLabel = current.value ?? current.code ?? '';
  const options = statusChangeOptions(
    (statuses.data ?? []).map((item) => ({ ...item, code: item.code ?? String(item.id) })),
    current.code ?? '',
  ).filter((item) => item.id !== current.id);
  // The error stays while Try again fetches, so the button (and its focus) stays too.
  const loadFailed = statuses.error !== undefined;

  const ask = (value: string) => {
    stepping.current = false;
    setPending(null);
    setTarget(options.find((option) => String(option.id) === value) ?? null);
  };
  const choose = (value: string) => {
    if (stepping.current) setPending(value);
    else ask(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (pending !== null && event.key === 'Enter') {
      event.preventDefault();
      ask(pending);
    } else if (pending !== null && event.key === 'Escape') {
      event.preventDefault();
      stepping.current = false;
      setPending(null);
    } else {
      stepping.current = stepsThroughOptions(event);
    }
  };
  const onBlur = () => {
    if (pending !== null) ask(pending);
    else stepping.current = false;
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
        id={selectId}
        label="Change status"
        className="bo-status-select"
        placeholder={statuses.isLoading ? 'Loading statuses…' : 'Choose a status'}
        options={options.map((option) => ({ value: option.id, label: option.value }))}
        value={pending ?? (target ? target.id : '')}
        onChange={choose}
        onKeyDown={onKeyDown}
        onPointerDown={() => {
          stepping.current = false;
        }}
        onBlur={onBlur}
        disabled={statuses.isLoading || running}
        error={
          loadFailed ? `Could not load the statuses: ${errorMessageOf(statuses.error)}` : undefined
        }
      />
      {loadFailed ? (
        // LoadFailed's Try again, inline in the actions row; the select's error says what failed.
        <Button
          variant="secondary"
          aria-describedby={`${selectId}-error`}
          busy={statuses.isFetching}
          onClick={() => void statuses.refetch()}
        >
          Try again
        </Button>
      ) : null}
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
