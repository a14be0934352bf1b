import { INVOICE_STATUS_MESSAGES, TICKET_DECISION_MESSAGES } from '@paygate/domain';

/**
 * Texts of the invoice details screen. SPEC texts come from @paygate/domain where it has them;
 * the rest are this screen's choices (noted), picked from SPEC §8 where one fits.
 */
export const DETAILS_MESSAGES = {
  /** SPEC §2. */
  invoiceIdCopied: 'Invoice ID copied to clipboard',
  /** Not in the SPEC: the clipboard refused the write (CopyButton already warns to the console). */
  invoiceIdCopyFailed: 'Could not copy the invoice ID',
  /** SPEC §4, §8. */
  statusChanged: INVOICE_STATUS_MESSAGES.changed,
  /** SPEC §4, §8; SPEC §8 also gives it for a failed amount change and ticket decision. */
  changeFailed: INVOICE_STATUS_MESSAGES.changeFailed,
  /** SPEC §8 "Other successes": the amount change has no success text of its own. */
  amountChanged: 'Successfully changed',
  /** SPEC §8 "Other successes": retry changes the invoice (a new attempt, maybe a new status). */
  retried: 'Successfully changed',
  /** SPEC §8 "Other successes": the manual callback creates (queues) a new callback. */
  callbackSent: 'Successfully created',
  /** Not in the SPEC: test mode's Simulate (issue 23 item 5) names the outcome it set. */
  simulated: (status: string) => `Simulated: ${status}`,
  ticketApproved: TICKET_DECISION_MESSAGES.approved,
  ticketRejected: TICKET_DECISION_MESSAGES.rejected,
  ticketDecisionFailed: TICKET_DECISION_MESSAGES.failed,
  /** SPEC §8 empty states. */
  noErrors: 'No errors',
  noTransactions: 'No transactions',
  notFound: 'Invoice not found',
} as const;
