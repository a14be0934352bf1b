import { FAILED_STATUSES } from '../status/invoice-status-machine.ts';

/**
 * What keeps an amount of a people account from other payments, on an account that checks
 * unique amounts (decision 0008): a real payment given the account's requisites, while it waits
 * for its money, and for a while after it failed (the server's quarantine).
 */

/** Statuses of a payment that waits for its money (PAYED: until the provider confirms it). */
export const AMOUNT_WAITING_STATUSES = ['NEW', 'IN_PROGRESS', 'PAYED'] as const;

/** Every status a payment holding an amount can have: waiting, or failed within the quarantine. */
export const AMOUNT_HOLDING_STATUSES = [...AMOUNT_WAITING_STATUSES, ...FAILED_STATUSES] as const;

/** Most holds an account's page lists; a list this long says it is cut short. */
export const MAX_LISTED_AMOUNT_HOLDS = 500;
