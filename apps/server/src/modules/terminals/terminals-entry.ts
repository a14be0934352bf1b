/**
 * What the terminals module offers other modules (decision 0018, "Boundaries"): a terminal read
 * and locked until the transaction ends, 404 outside the caller's merchant scope
 * (`lockVisibleTerminal`), so settlements and changes of one terminal take turns.
 */
export { lockVisibleTerminal } from './terminal-read-service.ts';
