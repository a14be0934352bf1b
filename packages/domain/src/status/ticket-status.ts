import { type BadgeColour, type BadgeKind, badgeKindColour, isBadgeKind } from './badge.ts';

/** Support ticket states of SPEC §4. */
export const TICKET_STATUS_CODES = ['NEW', 'IN_WORK', 'PENDING', 'SOLVED', 'REJECTED'] as const;
export type TicketStatusCode = (typeof TICKET_STATUS_CODES)[number];

/** True for one of the ticket states of SPEC §4 (codes are case-sensitive). */
export const isTicketStatusCode = (value: string): value is TicketStatusCode =>
  (TICKET_STATUS_CODES as readonly string[]).includes(value);

const TICKET_STATUS_BADGES: Record<TicketStatusCode, BadgeKind> = {
  IN_WORK: 'primary',
  REJECTED: 'error',
  PENDING: 'warning',
  SOLVED: 'success',
  NEW: 'neutral',
};

/**
 * SPEC §4: badge kind of a ticket state (IN_WORK primary, REJECTED error, PENDING warning,
 * SOLVED success, NEW neutral). Unknown states are neutral.
 */
export const ticketStatusBadgeKind = (statusCode: string): BadgeKind =>
  isTicketStatusCode(statusCode) ? TICKET_STATUS_BADGES[statusCode] : 'neutral';

/**
 * SPEC §4: colour of a badge kind or a ticket state (primary or IN_WORK blue, error or REJECTED
 * red, warning or PENDING amber, success or SOLVED green, neutral or NEW grey). Anything else is
 * grey, so an unexpected value never looks like a success or a failure. For an invoice status,
 * pass its kind: `badgeColour(invoiceStatusBadgeKind(code))`.
 */
export const badgeColour = (
  kindOrTicketStatus: BadgeKind | TicketStatusCode | (string & {}),
): BadgeColour =>
  badgeKindColour(
    isBadgeKind(kindOrTicketStatus)
      ? kindOrTicketStatus
      : ticketStatusBadgeKind(kindOrTicketStatus),
  );

/** SPEC §4: approve or reject is offered only while a ticket is not REJECTED or SOLVED. */
export const isTicketOpenForDecision = (statusCode: string): boolean =>
  statusCode !== 'REJECTED' && statusCode !== 'SOLVED';

/** SPEC §8 toast texts of ticket decisions; a failed decision reuses 'Failed to change status'. */
export const TICKET_DECISION_MESSAGES = {
  approved: 'Successfully approved',
  rejected: 'Successfully rejected',
  failed: 'Failed to change status',
} as const;
