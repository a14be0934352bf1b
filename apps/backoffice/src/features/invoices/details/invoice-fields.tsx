import type { Invoice } from '@paygate/api';
import { formatDateTimeShort, type InvoiceDetailAccess } from '@paygate/domain';
import { InvoiceStatusBadge } from '@paygate/ui';
import type { ReactNode } from 'react';
import { credentialText, orDash, ownerNameOf } from './invoice-view.ts';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="bo-invoice-field">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/**
 * SPEC §2 fields of an invoice. The provider invoice id (invoice.provider.read, when present)
 * and the credentials (invoice.credentials.read) are shown only as SPEC §6 allows.
 */
export const InvoiceFields = ({
  invoice,
  access,
}: {
  invoice: Invoice;
  access: Pick<InvoiceDetailAccess, 'providerInvoiceId' | 'credentials'>;
}) => {
  const status = invoice.invoiceStatus;
  return (
    <dl className="bo-invoice-fields">
      <Field label="Flow Type">{orDash(invoice.flowType.code)}</Field>
      <Field label="Invoice ID">{invoice.invoiceId}</Field>
      <Field label="Merchant Invoice ID">{orDash(invoice.merchantInvoiceId)}</Field>
      {access.providerInvoiceId ? (
        <Field label="Provider Invoice ID">{orDash(invoice.providerInvoiceId)}</Field>
      ) : null}
      <Field label="User ID">{orDash(invoice.customer.externalId)}</Field>
      <Field label="Owner name">{ownerNameOf(invoice)}</Field>
      <Field label="Terminal ID">{orDash(invoice.terminal.id)}</Field>
      <Field label="Terminal name">{orDash(invoice.terminal.name)}</Field>
      <Field label="Status">
        {status.code ? (
          <InvoiceStatusBadge code={status.code} label={status.value ?? status.code} />
        ) : (
          orDash(status.value)
        )}
      </Field>
      <Field label="Status date">{orDash(formatDateTimeShort(invoice.statusDate))}</Field>
      <Field label="Currency code">{orDash(invoice.currency.code)}</Field>
      <Field label="Payment method">{orDash(invoice.paymentMethod?.name)}</Field>
      {access.credentials ? (
        <>
          <Field label="Credentials">{credentialText(invoice.account?.value)}</Field>
          <Field label="Bank name">{orDash(invoice.credentials?.bankName)}</Field>
          <Field label="Credentials owner">{orDash(invoice.credentials?.owner)}</Field>
          <Field label="Provider">{orDash(invoice.credentials?.provider)}</Field>
        </>
      ) : null}
    </dl>
  );
};
