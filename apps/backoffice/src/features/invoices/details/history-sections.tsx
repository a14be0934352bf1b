import {
  type CallbackRow,
  type EventLogRow,
  type InvoiceError,
  type InvoiceTransaction,
  useGetInvoiceCallbacksQuery,
  useGetInvoiceErrorsQuery,
  useGetInvoiceEventLogQuery,
  useGetInvoiceTransactionsQuery,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Collapsible } from '@paygate/ui';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { orDash } from './invoice-view.ts';
import { type Column, SectionBody } from './section-body.tsx';

interface SectionProps {
  invoiceId: string;
}

const dateCell = (value: string | null | undefined) => orDash(formatDateTimeShort(value));

const ERROR_COLUMNS: readonly Column<InvoiceError>[] = [
  { header: 'Description', cell: (row) => row.description },
  { header: 'Time', cell: (row) => dateCell(row.eventTime) },
];

/** SPEC §2 Errors (shown with invoice.error.read); empty state 'No errors'. */
export const ErrorsSection = ({ invoiceId }: SectionProps) => {
  const query = useGetInvoiceErrorsQuery({ invoiceId });
  return (
    <Collapsible title="Errors" count={query.data?.length} headingLevel={2}>
      <SectionBody
        label="errors"
        query={query}
        emptyText={DETAILS_MESSAGES.noErrors}
        columns={ERROR_COLUMNS}
        rowKey={(row) => row.id}
      />
    </Collapsible>
  );
};

const EVENT_LOG_COLUMNS: readonly Column<EventLogRow>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Event', cell: (row) => row.eventCode },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Time', cell: (row) => dateCell(row.eventTime) },
  { header: 'User', cell: (row) => orDash(row.userName ?? row.userId) },
];

/**
 * SPEC §2 Event Log. SPEC §6: the request is made whatever the permissions (the server answers
 * 403 without invoice.event.read); the section is shown only with invoice.event.read.
 */
export const EventLogSection = ({ invoiceId, visible }: SectionProps & { visible: boolean }) => {
  const query = useGetInvoiceEventLogQuery({ invoiceId });
  if (!visible) return null;
  return (
    <Collapsible title="Event Log" count={query.data?.length} headingLevel={2}>
      <SectionBody
        label="event log"
        query={query}
        emptyText="No events"
        columns={EVENT_LOG_COLUMNS}
        rowKey={(row) => row.id}
      />
    </Collapsible>
  );
};

const CALLBACK_COLUMNS: readonly Column<CallbackRow>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Invoice status', cell: (row) => row.invoiceStatus },
  { header: 'Created', cell: (row) => dateCell(row.createDate) },
  { header: 'Executed', cell: (row) => dateCell(row.executionDate) },
];

/** SPEC §2 Callbacks (shown with merchant.callback.read). */
export const CallbacksSection = ({ invoiceId }: SectionProps) => {
  const query = useGetInvoiceCallbacksQuery({ invoiceId });
  return (
    <Collapsible title="Callbacks" count={query.data?.length} headingLevel={2}>
      <SectionBody
        label="callbacks"
        query={query}
        emptyText="No callbacks"
        columns={CALLBACK_COLUMNS}
        rowKey={(row) => row.id}
      />
    </Collapsible>
  );
};

const TRANSACTION_COLUMNS: readonly Column<InvoiceTransaction>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Created', cell: (row) => dateCell(row.createDate) },
  { header: 'Status date', cell: (row) => dateCell(row.statusDate) },
];

/** SPEC §2 Transactions (shown with invoice.transaction.read); empty state 'No transactions'. */
export const TransactionsSection = ({ invoiceId }: SectionProps) => {
  const query = useGetInvoiceTransactionsQuery({ invoiceId });
  return (
    <Collapsible title="Transactions" count={query.data?.length} headingLevel={2}>
      <SectionBody
        label="transactions"
        query={query}
        emptyText={DETAILS_MESSAGES.noTransactions}
        columns={TRANSACTION_COLUMNS}
        rowKey={(row) => row.id}
      />
    </Collapsible>
  );
};
