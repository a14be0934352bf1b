import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginAttempts } from '../../db/schema.ts';

/** Failed sign-ins allowed within the window, per username and per source address. */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  maxFailuresPerUsername: 5,
  maxFailuresPerIp: 20,
} as const;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const failuresSince = async (
  db: Database,
  column: typeof loginAttempts.username | typeof loginAttempts.sourceIp,
  value: string,
  since: Date,
) => {
  const [row] = await db
    .select({ failures: count(), oldest: min(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(column, value),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.attemptedAt, since),
      ),
    );
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
};

/**
 * Decides from the attempts table, so every server instance sees the same count. Blocked until
 * the oldest failure in the window ages out.
 */
export const checkLoginThrottle = async (
  db: Database,
  username: string,
  sourceIp: string,
  now = new Date(),
): Promise<ThrottleDecision> => {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const checks = [
    {
      ...(await failuresSince(db, loginAttempts.username, username, since)),
      max: LOGIN_THROTTLE.maxFailuresPerUsername,
    },
    {
      ...(await failuresSince(db, loginAttempts.sourceIp, sourceIp, since)),
      max: LOGIN_THROTTLE.maxFailuresPerIp,
    },
  ];
  for (const { failures, oldest, max } of checks) {
    if (failures >= max) {
      const oldestTime = oldest ? new Date(oldest).getTime() : now.getTime();
      const retryAfterMs = oldestTime + LOGIN_THROTTLE.windowMs - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
  }
  return { allowed: true };
};

export const recordLoginAttempt = async (
  db: Database,
  username: string,
  sourceIp: string,
  succeeded: boolean,
): Promise<void> => {
  await db.insert(loginAttempts).values({ username, sourceIp, succeeded });
};
