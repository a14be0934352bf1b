/**
 * What the terminals module offers other modules (decision 0018, "Boundaries"): a terminal read
 * and locked until the transaction ends, 404 outside the caller's merchant scope
 * (`lockVisibleTerminal`), so settlements and changes of one terminal take turns; and whether a
 * terminal is switched on (`isTerminalEnabled`), which the payment form asks before a new payment
 * goes anywhere.
 */
export { lockVisibleTerminal } from './terminal-read-service.ts';
export { isTerminalEnabled } from './terminal-repository.ts';
