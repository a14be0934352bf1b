/**
 * What the alerts module offers other modules (decision 0018, "Boundaries"): announcing a webhook
 * endpoint the platform disabled (`announceEndpointDisabled`, from the callback delivery job).
 * The evaluation job is the server's (main.ts).
 */
export { announceEndpointDisabled } from './alert-service.ts';
