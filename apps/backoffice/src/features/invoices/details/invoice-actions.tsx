import {
  errorMessageOf,
  type Invoice,
  useRetryInvoiceMutation,
  useSendManualCallbackMutation,
} from '@paygate/api';
import { canOfferInvoiceRetry, type InvoiceDetailAccess } from '@paygate/domain';
import { Button, useToast } from '@paygate/ui';
import { useState } from 'react';
import { useCurrentPerson } from '../../session/current-person.tsx';
import { ChangeAmountDialog } from './change-amount-dialog.tsx';
import { ChangeStatusControl } from './change-status-control.tsx';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { canSimulateInvoice, SimulateControl } from './simulate-control.tsx';

/**
 * SPEC §4 retry: withdrawals that are not CANCELED or DONE, with no permission of its own. It is
 * offered to whoever the server lets retry (decision 0006): the invoice's own merchant's users,
 * and staff with invoice.status.change.
 */
export const canOfferRetry = (
  person: Parameters<typeof canOfferInvoiceRetry>[0],
  invoice: Invoice,
): boolean =>
  canOfferInvoiceRetry(person, {
    merchantId: invoice.merchantId,
    flowType: invoice.flowType.code ?? '',
    statusCode: invoice.invoiceStatus.code ?? '',
  });

const RetryButton = ({ invoiceId }: { invoiceId: string }) => {
  const toast = useToast();
  const [retry, { isLoading }] = useRetryInvoiceMutation();
  const onClick = async () => {
    try {
      await retry({ invoiceId }).unwrap();
      toast.success(DETAILS_MESSAGES.retried);
    } catch (error) {
      toast.error(errorMessageOf(error, DETAILS_MESSAGES.changeFailed));
    }
  };
  return (
    <Button variant="secondary" busy={isLoading} onClick={() => void onClick()}>
      Retry
    </Button>
  );
};

const SendCallbackButton = ({ invoiceId }: { invoiceId: string }) => {
  const toast = useToast();
  const [send, { isLoading }] = useSendManualCallbackMutation();
  const onClick = async () => {
    try {
      await send({ invoiceId }).unwrap();
      toast.success(DETAILS_MESSAGES.callbackSent);
    } catch (error) {
      toast.error(errorMessageOf(error));
    }
  };
  return (
    <Button variant="secondary" busy={isLoading} onClick={() => void onClick()}>
      Send callback
    </Button>
  );
};

/**
 * SPEC §2 actions: change status, change amount, retry and manual callback, as permitted; and
 * test mode's Simulate on a test invoice still open (issue 23 item 5).
 */
export const InvoiceActions = ({
  invoice,
  access,
}: {
  invoice: Invoice;
  access: Pick<InvoiceDetailAccess, 'changeStatus' | 'changeAmount' | 'manualCallback'>;
}) => {
  const person = useCurrentPerson();
  const [amountOpen, setAmountOpen] = useState(false);
  const retry = canOfferRetry(person, invoice);
  const simulate = canSimulateInvoice(person, invoice);
  if (
    !access.changeStatus &&
    !access.changeAmount &&
    !access.manualCallback &&
    !retry &&
    !simulate
  ) {
    return null;
  }
  return (
    <section className="bo-invoice-actions" aria-label="Invoice actions">
      {access.changeStatus ? <ChangeStatusControl invoice={invoice} /> : null}
      {access.changeAmount ? (
        <>
          <Button variant="secondary" onClick={() => setAmountOpen(true)}>
            Change amount
          </Button>
          <ChangeAmountDialog
            invoice={invoice}
            open={amountOpen}
            onClose={() => setAmountOpen(false)}
          />
        </>
      ) : null}
      {retry ? <RetryButton invoiceId={invoice.invoiceId} /> : null}
      {access.manualCallback ? <SendCallbackButton invoiceId={invoice.invoiceId} /> : null}
      {simulate ? <SimulateControl invoice={invoice} /> : null}
    </section>
  );
};
