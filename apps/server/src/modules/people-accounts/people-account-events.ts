import { CREDENTIAL_TYPE_CODES } from '@paygate/domain';

/** Event-log codes of people-account changes (entity type 'people_account'). */
export const ACCOUNT_EVENT_CODES = {
  accountCreated: 'PEOPLE_ACCOUNT_CREATED',
  accountEnabled: 'PEOPLE_ACCOUNT_ENABLED',
  accountDisabled: 'PEOPLE_ACCOUNT_DISABLED',
  limitsChanged: 'PEOPLE_ACCOUNT_LIMITS_CHANGED',
  credentialAdded: 'PEOPLE_ACCOUNT_CREDENTIAL_ADDED',
  credentialChanged: 'PEOPLE_ACCOUNT_CREDENTIAL_CHANGED',
  credentialRemoved: 'PEOPLE_ACCOUNT_CREDENTIAL_REMOVED',
} as const;

export const ACCOUNT_ENTITY_TYPE = 'people_account';

/**
 * A credential as the event log shows it. Card numbers keep only their last four digits: the
 * log is read more widely and kept longer than the account itself.
 */
export const describeCredential = (credential: {
  credentialTypeCode: string | null;
  credentialTypeValue: string;
  value: string;
}): string => {
  const value =
    credential.credentialTypeCode === CREDENTIAL_TYPE_CODES.card
      ? `**** ${credential.value.slice(-4)}`
      : credential.value;
  return `${credential.credentialTypeValue} ${value}`;
};

/** "limit 100 → 200, priority 0 → 1": only what changed, in the order of the limits form. */
export const describeChanges = (
  before: Record<string, string | number | boolean>,
  after: Record<string, string | number | boolean>,
): string =>
  Object.keys(after)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key} ${String(before[key])} → ${String(after[key])}`)
    .join(', ');

/** "limit 100, priority 0, checkUniqueAmount false": every value, for a first setting. */
export const describeValues = (values: Record<string, string | number | boolean>): string =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
