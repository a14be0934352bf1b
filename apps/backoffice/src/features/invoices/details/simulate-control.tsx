import { errorMessageOf, type Invoice, useSimulateInvoiceMutation } from '@paygate/api';
import { hasPermission, type PermissionHolder, type SimulatedStatus } from '@paygate/domain';
import { Button, useToast } from '@paygate/ui';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { DETAILS_MESSAGES } from './details-messages.ts';

/** The statuses Simulate starts from: the server settles a NEW invoice after starting it. */
const SIMULATABLE_STATUSES: readonly string[] = ['NEW', 'IN_PROGRESS'];

/**
 * Test mode (issue 23 item 5): Simulate is offered on a test-processing invoice still NEW or
 * IN_PROGRESS to whoever holds merchant.keys (the Developers permission the server asks for).
 */
export const canSimulateInvoice = (person: PermissionHolder, invoice: Invoice): boolean =>
  invoice.isTestProcessing &&
  SIMULATABLE_STATUSES.includes(invoice.invoiceStatus.code ?? '') &&
  hasPermission(person, 'merchant.keys');

const CHOICES: ReadonlyArray<{ status: SimulatedStatus; label: string }> = [
  { status: 'DONE', label: 'Simulate paid' },
  { status: 'DECLINED', label: 'Simulate declined' },
];

/**
 * A "Simulate" disclosure button showing "Simulate paid" and "Simulate declined": each sends
 * POST /api/v1/invoice/simulate, toasts the outcome and lets the invoice's cache tags refresh the
 * details; a refusal toasts the server's problem detail. Escape closes the choices and gives the
 * focus back to the button.
 */
export const SimulateControl = ({ invoice }: { invoice: Invoice }) => {
  const toast = useToast();
  const [simulate] = useSimulateInvoiceMutation();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState<SimulatedStatus | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const choicesId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open && running === null) {
      event.preventDefault();
      close();
    }
  };
  const choose = async (status: SimulatedStatus) => {
    if (running) return;
    setRunning(status);
    try {
      await simulate({ invoiceId: invoice.invoiceId, status }).unwrap();
      toast.success(DETAILS_MESSAGES.simulated(status));
      setOpen(false);
    } catch (error) {
      toast.error(errorMessageOf(error, DETAILS_MESSAGES.changeFailed));
    } finally {
      setRunning(null);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the choices, handled for the buttons inside.
    <div className="bo-simulate" onKeyDown={onKeyDown}>
      <Button
        ref={toggleRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={choicesId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        Simulate
      </Button>
      <fieldset
        id={choicesId}
        aria-label="Simulate the outcome of this test invoice"
        className="bo-simulate__choices"
        hidden={!open}
      >
        {CHOICES.map(({ status, label }) => (
          <Button
            key={status}
            variant={status === 'DECLINED' ? 'danger' : 'secondary'}
            busy={running === status}
            disabled={running !== null}
            onClick={() => void choose(status)}
          >
            {label}
          </Button>
        ))}
      </fieldset>
    </div>
  );
};
