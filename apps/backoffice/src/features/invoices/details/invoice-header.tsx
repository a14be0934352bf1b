import type { Invoice } from '@paygate/api';
import { CopyButton, TestBadge, useToast } from '@paygate/ui';
import { BackButton } from '../../layout/back-button.tsx';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { amountText } from './invoice-view.ts';

export const INVOICE_TITLE_ID = 'invoice-details-title';

/** SPEC §2 header: back, Test badge, the invoice id with a copy button, amount and fee. */
export const InvoiceHeader = ({ invoice }: { invoice: Invoice }) => {
  const toast = useToast();
  const onCopy = (ok: boolean) => {
    if (ok) toast.success(DETAILS_MESSAGES.invoiceIdCopied);
    else toast.error(DETAILS_MESSAGES.invoiceIdCopyFailed);
  };
  return (
    <header className="bo-invoice-header">
      <BackButton />
      <div className="bo-invoice-title">
        <h1 id={INVOICE_TITLE_ID}>
          Invoice <span className="bo-invoice-id">{invoice.invoiceId}</span>
        </h1>
        {invoice.isTestProcessing ? <TestBadge /> : null}
        <CopyButton value={invoice.invoiceId} what="invoice ID" onCopy={onCopy} />
      </div>
      <dl className="bo-invoice-money">
        <div>
          <dt>Amount</dt>
          <dd>{amountText(invoice.amount, invoice)}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>{amountText(invoice.fee, invoice)}</dd>
        </div>
      </dl>
    </header>
  );
};
