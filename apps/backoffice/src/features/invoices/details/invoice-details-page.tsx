import { errorMessageOf, httpStatusOf, type Invoice, useGetInvoiceQuery } from '@paygate/api';
import { invoiceDetailAccess } from '@paygate/domain';
import { Button, Spinner } from '@paygate/ui';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../layout/back-button.tsx';
import { useCurrentPerson } from '../../session/current-person.tsx';
import { DETAILS_MESSAGES } from './details-messages.ts';
import {
  CallbacksSection,
  ErrorsSection,
  EventLogSection,
  TransactionsSection,
} from './history-sections.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceFields } from './invoice-fields.tsx';
import { INVOICE_TITLE_ID, InvoiceHeader } from './invoice-header.tsx';
import { StatusHistory } from './status-history.tsx';
import { SupportHistorySection } from './support-history.tsx';
import './invoice-details.css';

/** The invoice does not exist or is not the caller's (404), or the id is not one (400). */
const isNotFound = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
};

const InvoiceNotFound = () => (
  <section className="bo-invoice-state" aria-labelledby="invoice-not-found">
    <h1 id="invoice-not-found">{DETAILS_MESSAGES.notFound}</h1>
    <p>
      <Link to="/invoices">Back to Transactions</Link>
    </p>
  </section>
);

const InvoiceDetails = ({ invoice }: { invoice: Invoice }) => {
  const person = useCurrentPerson();
  const access = invoiceDetailAccess(person, invoice);
  const { invoiceId } = invoice;
  return (
    <article className="bo-invoice-details" aria-labelledby={INVOICE_TITLE_ID}>
      <InvoiceHeader invoice={invoice} />
      <InvoiceActions invoice={invoice} access={access} />
      <InvoiceFields invoice={invoice} access={access} />
      <StatusHistory invoiceId={invoiceId} />
      <div className="bo-invoice-sections">
        {access.errors ? <ErrorsSection invoiceId={invoiceId} /> : null}
        <EventLogSection invoiceId={invoiceId} visible={access.eventLog} />
        {access.callbacks ? <CallbacksSection invoiceId={invoiceId} /> : null}
        <SupportHistorySection invoiceId={invoiceId} />
        {access.transactions ? <TransactionsSection invoiceId={invoiceId} /> : null}
      </div>
    </article>
  );
};

/** SPEC §2 invoice details at /invoices/:id. */
export const InvoiceDetailsPage = () => {
  const { id = '' } = useParams();
  const { currentData, isError, error, isFetching, refetch } = useGetInvoiceQuery(
    { invoiceId: id },
    { skip: id === '' },
  );
  if (currentData) return <InvoiceDetails invoice={currentData} />;
  if (id === '' || (isError && isNotFound(error))) return <InvoiceNotFound />;
  if (isError) {
    return (
      <section className="bo-invoice-state" aria-labelledby="invoice-load-error">
        <BackButton />
        <h1 id="invoice-load-error">Invoice</h1>
        <div role="alert">
          <p>Could not load the invoice: {errorMessageOf(error)}</p>
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="bo-invoice-state">
      <Spinner label="Loading invoice" />
    </div>
  );
};
