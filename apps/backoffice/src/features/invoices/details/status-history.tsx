import { errorMessageOf, useGetInvoiceStatusHistoryQuery } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button, InvoiceStatusBadge, Spinner } from '@paygate/ui';

const TITLE_ID = 'invoice-status-history-title';

/** SPEC §2: the history of the invoice's status changes, oldest first (GET /api/v1/event/status). */
export const StatusHistory = ({ invoiceId }: { invoiceId: string }) => {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetInvoiceStatusHistoryQuery({
    invoiceId,
  });
  return (
    <section className="bo-status-history" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Status history</h2>
      {isLoading ? (
        <Spinner label="Loading status history" />
      ) : isError && !data ? (
        <div role="alert" className="bo-section-error">
          <p>Could not load the status history: {errorMessageOf(error)}</p>
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : !data || data.length === 0 ? (
        <p>No status changes</p>
      ) : (
        <ol className="bo-status-history__list" aria-busy={isFetching || undefined}>
          {data.map((event, index) => (
            <li key={`${event.statusDate}-${event.status.code}-${index}`}>
              <InvoiceStatusBadge code={event.status.code} label={event.status.value} />{' '}
              <time dateTime={event.statusDate}>{formatDateTimeShort(event.statusDate)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
