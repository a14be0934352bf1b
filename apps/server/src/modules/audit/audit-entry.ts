/**
 * What the audit module offers other modules: writing one event-log row (`recordEvent`: who did
 * what, when and from where) and the event codes of sign-in, person and merchant changes
 * (`EVENT_CODES`). Other modules import only this file (decision 0018, "Boundaries").
 */
export { EVENT_CODES, recordEvent } from './event-log.ts';
