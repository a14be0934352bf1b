import type { Database } from '../../db/database.ts';
import { eventLog } from '../../db/schema.ts';

/**
 * Event codes of sign-in and person changes. Each module keeps the codes of its own changes
 * next to its routes (an UPPER_SNAKE string per kind of change).
 */
export const EVENT_CODES = {
  loginSucceeded: 'LOGIN_SUCCEEDED',
  loginFailed: 'LOGIN_FAILED',
  /**
   * A password-check throttle key (username + address, address, or username) started to make
   * checks wait: one row per lock with the key and the wait, not one per refused request.
   * (LOGIN_THROTTLED, one row per refused sign-in, is no longer written.)
   */
  loginLocked: 'LOGIN_LOCKED',
  logout: 'LOGOUT',
  passwordChanged: 'PASSWORD_CHANGED',
  /** A password change refused because the current password was wrong. */
  passwordChangeFailed: 'PASSWORD_CHANGE_FAILED',
  testDashboardChanged: 'TEST_DASHBOARD_CHANGED',
  merchantCreated: 'MERCHANT_CREATED',
  merchantRenamed: 'MERCHANT_RENAMED',
  administratorCreated: 'ADMINISTRATOR_CREATED',
  /**
   * A signed-in person called a back-office route their permissions do not allow (403):
   * entityType 'route', entityId 'METHOD /pattern', the permissions asked for in details. At
   * most one row per person and route a minute (access-control.ts).
   */
  accessDenied: 'ACCESS_DENIED',
  // Staff administration (issue 22, decision 0019): entityType 'person', 'role' or 'session'.
  sessionEnded: 'SESSION_ENDED',
  userCreated: 'USER_CREATED',
  userChanged: 'USER_CHANGED',
  userDeactivated: 'USER_DEACTIVATED',
  userReactivated: 'USER_REACTIVATED',
  userSessionsEnded: 'USER_SESSIONS_ENDED',
  passwordResetIssued: 'PASSWORD_RESET_ISSUED',
  passwordSet: 'PASSWORD_SET',
  roleCreated: 'ROLE_CREATED',
  roleChanged: 'ROLE_CHANGED',
  roleDeleted: 'ROLE_DELETED',
  // Two-factor sign-in (entityType 'person').
  /** A new pending secret was made (enrolment started or restarted); not yet on. */
  twoFactorEnrolmentStarted: 'TWO_FACTOR_ENROLMENT_STARTED',
  /** Setting up a second factor from Settings refused: the current password was wrong. */
  twoFactorEnrolmentRefused: 'TWO_FACTOR_ENROLMENT_REFUSED',
  twoFactorEnabled: 'TWO_FACTOR_ENABLED',
  twoFactorDisabled: 'TWO_FACTOR_DISABLED',
  twoFactorReset: 'TWO_FACTOR_RESET',
  twoFactorFailed: 'TWO_FACTOR_FAILED',
  /** Too many wrong codes in a row: no authenticator code is checked until an administrator resets it (recovery codes still are). */
  twoFactorLocked: 'TWO_FACTOR_LOCKED',
  /** The signed-in person confirmed who they are (password, and code) before a security action. */
  reauthenticated: 'REAUTHENTICATED',
  /** That confirmation was refused: the password was wrong (a wrong code is TWO_FACTOR_FAILED). */
  reauthenticationFailed: 'REAUTHENTICATION_FAILED',
  recoveryCodesRegenerated: 'RECOVERY_CODES_REGENERATED',
  recoveryCodeUsed: 'RECOVERY_CODE_USED',
  // The Developers screen (issue 23, decision 0021): entityType 'api_key', 'webhook_secret',
  // 'webhook_endpoint' or 'callback'.
  apiKeyCreated: 'API_KEY_CREATED',
  apiKeyRevoked: 'API_KEY_REVOKED',
  webhookSecretRevealed: 'WEBHOOK_SECRET_REVEALED',
  webhookSecretRotated: 'WEBHOOK_SECRET_ROTATED',
  webhookEndpointCreated: 'WEBHOOK_ENDPOINT_CREATED',
  webhookEndpointChanged: 'WEBHOOK_ENDPOINT_CHANGED',
  webhookEndpointDeleted: 'WEBHOOK_ENDPOINT_DELETED',
  /** The platform disabled an endpoint whose deliveries kept failing (no person). */
  webhookEndpointAutoDisabled: 'WEBHOOK_ENDPOINT_AUTO_DISABLED',
  webhookTestSent: 'WEBHOOK_TEST_SENT',
  /** Deliveries an endpoint did not receive, sent again at once (Recover). */
  webhookDeliveriesRecovered: 'WEBHOOK_DELIVERIES_RECOVERED',
  callbackResent: 'CALLBACK_RESENT',
} as const;

export interface AuditEvent {
  eventCode: string;
  description: string;
  personId?: number | null;
  merchantId?: number | null;
  invoiceId?: string | null;
  entityType?: string;
  entityId?: string | number;
  sourceIp?: string | null;
  /** What changed, e.g. `{ roles: { from: ['support'], to: ['support', 'operator'] } }`. */
  details?: Record<string, unknown>;
}

/**
 * The details with every string well-formed: jsonb refuses a lone surrogate escape (`\ud800`),
 * which JSON.stringify writes for text a client sent; it becomes U+FFFD, as in text columns.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormedText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

const wellFormed = (value: unknown): unknown => {
  if (typeof value === 'string') return wellFormedText(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [wellFormedText(key), wellFormed(item)]),
    );
  }
  return value;
};

/** Writes one event-log row: who did what, when (database time) and from where. */
export const recordEvent = async (db: Database, event: AuditEvent): Promise<void> => {
  await db.insert(eventLog).values({
    eventCode: event.eventCode,
    description: event.description,
    personId: event.personId ?? null,
    merchantId: event.merchantId ?? null,
    invoiceId: event.invoiceId ?? null,
    entityType: event.entityType ?? null,
    entityId: event.entityId === undefined ? null : String(event.entityId),
    sourceIp: event.sourceIp ?? null,
    details: event.details ? wellFormed(event.details) : null,
  });
};
