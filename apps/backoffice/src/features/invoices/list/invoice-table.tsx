import type { InvoiceListItem } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { InvoiceStatusBadge, TestBadge } from '@paygate/ui';
import { Link } from 'react-router';
import { ListTable } from '../../layout/list-table.tsx';
import { useRowLink } from '../../layout/row-link.ts';
import { invoiceAmountText, invoiceDetailsPath } from '../shared/invoice-display.ts';

const InvoiceRow = ({ invoice }: { invoice: InvoiceListItem }) => {
  const path = invoiceDetailsPath(invoice.invoiceId);
  const status = invoice.invoiceStatus;
  const openFromRow = useRowLink(path);
  return (
    <tr className="bo-list-table__row" onClick={openFromRow}>
      <td>
        <Link to={path} className="bo-invoices-table__id">
          {invoice.invoiceId}
        </Link>
        {invoice.isTestProcessing ? (
          <>
            {' '}
            <TestBadge />
          </>
        ) : null}
      </td>
      <td>{formatDateTimeShort(invoice.createdDate)}</td>
      <td>{formatDateTimeShort(invoice.statusDate)}</td>
      <td>{invoice.flowType.code ?? '-'}</td>
      <td>
        <InvoiceStatusBadge code={status.code ?? ''} label={status.value || status.code || '-'} />
      </td>
      <td className="bo-invoices-table__amount">
        {invoiceAmountText(invoice.amount, invoice.currency)}
      </td>
    </tr>
  );
};

/** SPEC §2 invoice rows: id (with 'Test' when test processing), dates, flow, status, amount. */
export const InvoiceTable = ({
  invoices,
  busy,
}: {
  invoices: readonly InvoiceListItem[];
  busy?: boolean;
}) => (
  <ListTable caption="Transactions" busy={busy}>
    <thead>
      <tr>
        <th scope="col">Invoice ID</th>
        <th scope="col">Created</th>
        <th scope="col">Status date</th>
        <th scope="col">Flow type</th>
        <th scope="col">Status</th>
        <th scope="col" className="bo-invoices-table__amount">
          Amount
        </th>
      </tr>
    </thead>
    <tbody>
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.invoiceId} invoice={invoice} />
      ))}
    </tbody>
  </ListTable>
);
