import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoiceErrors, invoices, invoiceTransactions } from '../../db/schema.ts';

type InvoiceRecord = typeof invoices.$inferSelect;

export interface ProviderAttemptOutcome {
  succeeded: boolean;
  /** The provider's own id of the payment; kept when the invoice has none yet. */
  providerInvoiceId: string;
  /** Why the provider failed the payment: an error row the back office shows. */
  failureReason?: string;
}

/**
 * Closes the invoice's open provider transaction (the attempt the form or a retry opened) with
 * the provider's outcome, or records one when none is open, and keeps the provider's payment id.
 * The status change itself is the caller's (applyStatusChange), in the same transaction.
 */
export const closeProviderAttempt = async (
  tx: Database,
  invoice: InvoiceRecord,
  { succeeded, providerInvoiceId, failureReason }: ProviderAttemptOutcome,
): Promise<void> => {
  const status = succeeded ? 'SUCCESS' : 'FAILED';
  const [attempt] = await tx
    .select({ id: invoiceTransactions.id })
    .from(invoiceTransactions)
    .where(
      and(eq(invoiceTransactions.invoiceId, invoice.id), eq(invoiceTransactions.status, 'NEW')),
    )
    .orderBy(desc(invoiceTransactions.createDate))
    .limit(1);
  if (attempt) {
    await tx
      .update(invoiceTransactions)
      .set({ status, statusDate: sql`now()` })
      .where(eq(invoiceTransactions.id, attempt.id));
  } else {
    await tx.insert(invoiceTransactions).values({ invoiceId: invoice.id, status });
  }
  if (invoice.providerInvoiceId === null) {
    await tx.update(invoices).set({ providerInvoiceId }).where(eq(invoices.id, invoice.id));
  }
  if (!succeeded && failureReason) {
    await tx.insert(invoiceErrors).values({ invoiceId: invoice.id, description: failureReason });
  }
};
