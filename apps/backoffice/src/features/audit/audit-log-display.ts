import type { AuditLogEntry } from '@paygate/api';

/** Texts of the audit log screen (issue 22 item 5). */
export const AUDIT_TEXTS = {
  title: 'Audit log',
  noAccess: 'The audit log needs the audit.read permission.',
  nothingFound: 'No audit entries match these filters',
  allKinds: 'All kinds',
  loading: 'Loading the audit log',
  loadFailed: 'Could not load the audit log',
  kindsFailed: 'Could not load the kinds',
  downloadFailed: 'Could not download the audit log',
  reversedRange: 'The to date is before the from date',
  /** The merchant of a platform-wide row (no merchant). */
  platform: 'Platform',
  /** The actor of a row nobody signed in caused without a request: a job or a command. */
  system: 'System',
  /** The actor of a request nobody was signed in for (e.g. a failed sign-in). */
  nobody: '—',
  nobodyTitle: 'Nobody signed in',
  noValue: '—',
  noDetails: 'No details recorded',
} as const;

/** An event code in words: USER_CREATED → "User created", LOGIN_FAILED → "Login failed". */
export const eventCodeLabel = (code: string): string => {
  const words = code.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Who acted: the username; without one, "—" when the row came from a request nobody was signed in
 * for (it has an address, e.g. a failed sign-in) and "System" otherwise (a job, a command).
 */
export const actorText = (entry: Pick<AuditLogEntry, 'actor' | 'sourceIp'>): string => {
  if (entry.actor) return entry.actor.username || `#${entry.actor.id}`;
  return entry.sourceIp ? AUDIT_TEXTS.nobody : AUDIT_TEXTS.system;
};

/** The merchant of the row; "Platform" for platform-wide rows. */
export const merchantText = (entry: Pick<AuditLogEntry, 'merchantId' | 'merchantName'>): string => {
  if (entry.merchantId === null) return AUDIT_TEXTS.platform;
  return entry.merchantName || `Merchant ${entry.merchantId}`;
};

/** The entity the row is about ("person 12"), or "—". */
export const entityText = (entry: Pick<AuditLogEntry, 'entityType' | 'entityId'>): string => {
  const parts = [entry.entityType, entry.entityId].filter(
    (part): part is string => part !== null && part !== '',
  );
  return parts.length > 0 ? parts.join(' ') : AUDIT_TEXTS.noValue;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change's value in a line: lists joined with commas, nothing as "—". */
export const changeValueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return AUDIT_TEXTS.noValue;
  if (Array.isArray(value)) {
    return value.length === 0 ? AUDIT_TEXTS.noValue : value.map(changeValueText).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) &&
  Object.keys(value).length === 2 &&
  Object.hasOwn(value, 'from') &&
  Object.hasOwn(value, 'to');

/**
 * The details as "field: from → to" lines when every field of them is a `{ from, to }` pair (e.g.
 * `{ roles: { from: ['support'], to: ['support', 'operator'] } }` → "roles: support → support,
 * operator"); null when they hold anything else, which is shown as JSON instead.
 */
export const changeLines = (details: AuditLogEntry['details']): string[] | null => {
  if (!details) return null;
  const fields = Object.entries(details);
  if (fields.length === 0 || !fields.every(([, value]) => isChange(value))) return null;
  return fields.map(([field, value]) => {
    const change = value as { from: unknown; to: unknown };
    return `${field}: ${changeValueText(change.from)} → ${changeValueText(change.to)}`;
  });
};

/** The details as indented JSON. */
export const detailsJson = (details: NonNullable<AuditLogEntry['details']>): string =>
  JSON.stringify(details, null, 2);
