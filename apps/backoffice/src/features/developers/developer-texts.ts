import type { WebhookDeliverySummary } from '@paygate/api';
import {
  API_KEY_LABEL_MAX_LENGTH,
  type BadgeKind,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
  WEBHOOK_URL_MAX_LENGTH,
} from '@paygate/domain';

/** Texts of the Developers screen (issue 23 items 1 and 2). */
export const DEVELOPER_TEXTS = {
  title: 'Developers',
  noAccess: 'The Developers screen needs the merchant.keys permission.',
  noMerchant: 'Choose a merchant first: there is none to choose from yet.',
  loadingMerchants: 'Loading the merchants',
  tabs: 'Developer settings',
  noValue: '—',
  copyFailed: 'Could not copy: select the text and copy it yourself.',

  apiKeys: 'API keys',
  apiKeysIntro:
    'Your server calls the merchant API with an API key: its public key names it and its secret signs each request.',
  createApiKey: 'Create API key',
  loadingApiKeys: 'Loading API keys',
  apiKeysFailed: 'Could not load the API keys',
  noApiKeys: 'No API keys yet',
  never: 'Never',
  active: 'Active',
  revoked: 'Revoked',
  apiKeyCreated: 'API key created',
  revokeConfirmation: (label: string) =>
    `Revoke key ${label}? Requests signed with it will be refused at once.`,
  apiKeyRevoked: (label: string) => `Key ${label} revoked`,
  labelRequired: 'Label is required',
  labelTooLong: `Label must be at most ${API_KEY_LABEL_MAX_LENGTH} characters long`,
  scopesRequired: 'Choose at least one scope',
  scopeWithheld: (label: string, scope: string, permission: string) =>
    `${label} (${scope}) is not offered: giving it needs the ${permission} permission.`,
  secretShownOnce:
    'This secret is shown only once: it will not be shown again. Store it in your secret store now.',
  secretStored: 'I have stored the secret',

  webhookSecret: 'Webhook signing secret',
  webhookSecretIntro:
    'Every callback is signed with this secret (Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature): check the signature on your server before trusting a callback.',
  loadingWebhookSecrets: 'Loading the webhook signing secret',
  webhookSecretsFailed: 'Could not load the webhook signing secret',
  noWebhookSecret: 'No signing secret yet: Rotate makes one.',
  current: 'Current',
  stillSigning: 'Still signing',
  reveal: 'Reveal',
  revealRecorded: 'Revealing the secret is recorded in the audit log.',
  revealFailed: 'Could not reveal the secret',
  rotate: 'Rotate',
  rotateTitle: 'Rotate the webhook signing secret',
  rotateExplained:
    'A new secret signs every callback from now on. During the grace period callbacks carry signatures of both secrets, the new and the old one, so your server can switch to the new secret without refusing any callback; after it the old secret stops signing. 0 hours stops the old secret at once.',
  rotated: 'Webhook signing secret rotated',
  graceRequired: 'Enter the grace period in hours',
  graceWhole: 'Enter whole hours',
  graceRange: `The grace period is 0 to ${WEBHOOK_SECRET_GRACE_HOURS_MAX} hours`,

  endpoints: 'Webhook endpoints',
  endpointsIntro: `Events are sent to each enabled endpoint subscribed to their type. An endpoint whose every delivery fails for ${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days is disabled.`,
  addEndpoint: 'Add endpoint',
  loadingEndpoints: 'Loading webhook endpoints',
  endpointsFailed: 'Could not load the webhook endpoints',
  noEndpoints: 'No webhook endpoints yet',
  enabled: 'Enabled',
  disabled: 'Disabled',
  failingSince: (time: string) => `Failing since ${time}`,
  endpointAdded: 'Endpoint added',
  endpointSaved: 'Endpoint saved',
  endpointEnabled: 'Endpoint enabled',
  endpointDisabled: 'Endpoint disabled',
  endpointDeleted: 'Endpoint deleted',
  deleteConfirmation: (url: string) =>
    `Delete the endpoint ${url}? Events will no longer be sent to it.`,
  testSent: (eventId: string) => `Test event ${eventId} sent`,
  recover: 'Recover',
  recoverTitle: 'Send again what the endpoint did not receive',
  recoverExplained: (url: string) =>
    `Every event sent to ${url} since the moment below that it never received (its retries ran out, or the endpoint was disabled) is sent again now, with the same body and webhook-id, so your server can tell a repeat. Deliveries waiting for a later retry are sent now too. Use it once the endpoint works again.`,
  recoverSince: 'Since',
  recoverSinceHint: `Your local time, within the last ${WEBHOOK_RECOVERY_DAYS} days.`,
  recoverSinceRequired: 'Choose the moment to recover from',
  recoverSinceRange: `Choose a moment within the last ${WEBHOOK_RECOVERY_DAYS} days, not in the future`,
  recovered: (resent: number, madeDue: number) =>
    resent === 0 && madeDue === 0
      ? 'Nothing to send again: the endpoint received everything since then'
      : `${plural(resent, 'delivery', 'deliveries')} sent again` +
        (madeDue > 0 ? `, ${plural(madeDue, 'waiting retry', 'waiting retries')} sent now` : ''),
  recoveredMore: 'More are left: recover again to send the next ones.',
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a URL that starts with https:// or http://',
  urlCredentials: 'URL must not contain a user name or password',
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters long`,
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters long`,
  eventTypesRequired: 'Choose at least one event type',

  events: 'Events',
  eventsIntro: 'The events sent to your endpoints and callback URLs, newest first.',
  loadingEvents: 'Loading events',
  eventsFailed: 'Could not load the events',
  noEvents: 'No events match this filter',
  allTypes: 'All types',
  noDeliveries: 'No deliveries',
  loadingEvent: 'Loading the event',
  eventFailed: 'Could not load the event',
  noAttempts: 'No attempts yet',
  resend: 'Resend',
  resent: (callbackId: number) => `Resend queued as delivery ${callbackId}`,
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A delivery in a badge: "SENT 200", "FAILED 3 attempts", "PENDING" or "PENDING 1 attempt". */
export const deliverySummaryText = (delivery: WebhookDeliverySummary): string => {
  if (delivery.status === 'SENT') {
    return delivery.lastResponseCode === null ? 'SENT' : `SENT ${delivery.lastResponseCode}`;
  }
  if (delivery.status === 'PENDING' && delivery.attempts === 0) return 'PENDING';
  return `${delivery.status} ${plural(delivery.attempts, 'attempt', 'attempts')}`;
};

export const deliveryBadgeKind = (status: WebhookDeliverySummary['status']): BadgeKind => {
  if (status === 'SENT') return 'success';
  if (status === 'FAILED') return 'error';
  return 'warning';
};

/** A JSON payload as it was sent, indented. */
export const payloadJson = (payload: unknown): string => JSON.stringify(payload, null, 2);
