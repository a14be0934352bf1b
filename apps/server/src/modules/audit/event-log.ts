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
}

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
  });
};
