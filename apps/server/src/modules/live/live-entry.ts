/**
 * What the live module offers other modules (decision 0018, "Boundaries"): recording a live event
 * in the transaction of a change (`recordLiveEvent`). The stream, its hub and the pruning job are
 * the server's (api-plugin.ts, main.ts).
 */
export { type LiveEventType, recordLiveEvent } from './live-event-service.ts';
