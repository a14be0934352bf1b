import type { BadgeKind } from './invoice-status.ts';

/** Support ticket states of SPEC §4. */
export const TICKET_STATUS_CODES = ['NEW', 'IN_WORK', 'PENDING', 'SOLVED', 'REJECTED'] as const;
export type TicketStatusCode = (typeof TICKET_STATUS_CODES)[number];

export type BadgeColour = 'blue' | 'red' | 'amber' | 'green' | 'grey';

const COLOURS: Record<string, BadgeColour> = {
  primary: 'blue',
  IN_WORK: 'blue',
  error: 'red',
  REJECTED: 'red',
  warning: 'amber',
  PENDING: 'amber',
  success: 'green',
  SOLVED: 'green',
  neutral: 'grey',
  NEW: 'grey',
};

/**
 * SPEC §4: the colour of a badge kind or a ticket status. Anything unknown is grey, the
 * neutral colour, so an unexpected value never looks like a success or a failure.
 */
export const badgeColour = (
  kindOrTicketStatus: BadgeKind | TicketStatusCode | string,
): BadgeColour => COLOURS[kindOrTicketStatus] ?? 'grey';

/** SPEC §4: approve or reject is offered only while a ticket is not REJECTED or SOLVED. */
export const canDecideTicket = (statusCode: string): boolean =>
  statusCode !== 'REJECTED' && statusCode !== 'SOLVED';

/** Toast texts of ticket decisions (SPEC §8), word for word. */
export const TICKET_DECISION_MESSAGES = {
  approved: 'Successfully approved',
  rejected: 'Successfully rejected',
  failed: 'Failed to change status',
} as const;
