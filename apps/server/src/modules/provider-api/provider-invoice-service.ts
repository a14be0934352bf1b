import { isFailedStatus, mayChangeStatus } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { notFoundError, stateConflict } from '../../service-errors.ts';
import {
  applyStatusChange,
  closeProviderAttempt,
  lockInvoice,
  noteMoneyMovedAfterEnd,
  requireCurrentProviderAttempt,
  wasPaidOut,
} from '../invoices/invoices-entry.ts';
import type { ApiProvider } from './provider-auth.ts';
import {
  claimUnroutedPayoutAttempts,
  findRoutedInvoice,
  lockProviderPaymentId,
  otherInvoiceWithPaymentId,
  type ProviderInvoiceRow,
  pendingPayoutsOf,
} from './provider-invoice-repository.ts';

/**
 * What a provider may read and report (docs/provider-api.md): only invoices routed to it
 * (provider-invoice-repository.ts), and only the changes the state machine allows a provider.
 */

/** An invoice routed to the provider; one that is not is not found, like a missing one. */
export const findProviderInvoice = async (
  db: Database,
  provider: ApiProvider,
  invoiceId: string,
): Promise<ProviderInvoiceRow> => {
  const row = await findRoutedInvoice(db, provider, invoiceId);
  if (!row) throw notFoundError('Invoice not found');
  return row;
};

/**
 * The payout queue: requested withdrawals (IN_PROGRESS with an open provider transaction, so a
 * withdrawal re-queued by POST /api/v1/invoice/retry appears again), oldest first.
 */
export const listPendingPayouts = async (
  db: Database,
  provider: ApiProvider,
  limit: number,
): Promise<ProviderInvoiceRow[]> => {
  const rows = await pendingPayoutsOf(db, provider, limit);
  // Pulled: from now on each stays with this provider, whatever its terminal names later.
  await claimUnroutedPayoutAttempts(
    db,
    provider,
    rows.map((row) => row.id),
  );
  return rows;
};

export const paymentIdTakenMessage = (providerInvoiceId: string, otherInvoiceId: string) =>
  `The providerInvoiceId ${providerInvoiceId} already names invoice ${otherInvoiceId}: one payment settles one invoice`;

/** What a provider may report: the money moved (PAYED), is confirmed (DONE), or failed. */
export const PROVIDER_REPORTED_STATUSES = ['PAYED', 'DONE', 'DECLINED'] as const;
export type ProviderReportedStatus = (typeof PROVIDER_REPORTED_STATUSES)[number];

export interface ProviderStatusReport {
  status: ProviderReportedStatus;
  providerInvoiceId: string;
  /** The attempt reported on (the invoice's `attempt`); optional. */
  attempt?: number;
  reason?: string;
}

/**
 * Applies a provider's report through the invoice state machine, under the invoice row lock.
 * Reporting the status the invoice already has is answered as success without a change, so a
 * provider can retry a report whose answer it lost; a report the state machine does not allow
 * (e.g. DECLINED after DONE) is 409 and changes nothing. Answers the invoice as it is afterwards.
 */
export const applyProviderReport = async (
  db: Database,
  provider: ApiProvider,
  invoiceId: string,
  report: ProviderStatusReport,
  sourceIp: string,
): Promise<{ changed: boolean; invoice: ProviderInvoiceRow }> => {
  // A report that the money moved, on a payment that ended unpaid: refused, and kept for support.
  let movedAfterEnd: { id: string; status: string } | undefined;
  const { changed } = await db
    .transaction(async (tx) => {
      await findProviderInvoice(tx, provider, invoiceId);
      await claimUnroutedPayoutAttempts(tx, provider, [invoiceId]);
      // One payment settles one invoice: a payment id already naming another of the provider's
      // invoices (a mix-up, or one payment reported twice) would credit a second one.
      await lockProviderPaymentId(tx, provider, report.providerInvoiceId);
      const other = await otherInvoiceWithPaymentId(
        tx,
        provider,
        report.providerInvoiceId,
        invoiceId,
      );
      if (other) throw stateConflict(paymentIdTakenMessage(report.providerInvoiceId, other));
      const invoice = await lockInvoice(tx, invoiceId);
      await requireCurrentProviderAttempt(tx, invoice, report);
      // A reversal of a payment staff had already declined or cancelled by hand: the status
      // stays, but the provider's attempt now ends unpaid, so the payout may be sent again
      // (wasPaidOut). Otherwise a DECLINED there changed nothing and was lost, or was 409.
      if (
        report.status === 'DECLINED' &&
        isFailedStatus(invoice.status) &&
        (await wasPaidOut(tx, invoice))
      ) {
        await closeProviderAttempt(tx, invoice, {
          succeeded: false,
          providerInvoiceId: report.providerInvoiceId,
          failureReason: report.reason ?? `Reversed by the provider ${provider.code}`,
        });
        return { changed: false };
      }
      if (invoice.status === report.status) return { changed: false };
      // Checked before the attempt is closed: a report the machine refuses must change nothing.
      if (!mayChangeStatus('provider', invoice.status, report.status)) {
        if (report.status !== 'DECLINED' && isFailedStatus(invoice.status)) movedAfterEnd = invoice;
        throw stateConflict(`The invoice is ${invoice.status} and cannot become ${report.status}`);
      }
      // PAYED then DONE is one attempt: the second report finds it closed already. PAYED then
      // DECLINED is a reversal: the same attempt fails, with the reason as an error row.
      if (invoice.status !== 'PAYED' || report.status === 'DECLINED') {
        const failure = invoice.status === 'PAYED' ? 'Reversed' : 'Declined';
        await closeProviderAttempt(tx, invoice, {
          succeeded: report.status !== 'DECLINED',
          providerInvoiceId: report.providerInvoiceId,
          failureReason: report.reason ?? `${failure} by the provider ${provider.code}`,
        });
      }
      await applyStatusChange(
        tx,
        invoice,
        report.status,
        { kind: 'provider', personId: null, sourceIp },
        `provider ${provider.code}`,
      );
      return { changed: true };
    })
    .catch(async (error: unknown) => {
      if (movedAfterEnd) {
        await noteMoneyMovedAfterEnd(db, movedAfterEnd, {
          providerCode: provider.code,
          status: report.status,
          providerInvoiceId: report.providerInvoiceId,
        });
      }
      throw error;
    });
  return { changed, invoice: await findProviderInvoice(db, provider, invoiceId) };
};
