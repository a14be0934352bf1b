import type { Database } from '../../db/database.ts';
import { settleWithin } from './deadline.ts';
import { databaseAnswers } from './health-repository.ts';
import type { ServerLifecycle } from './server-lifecycle.ts';

/** How long readiness waits for `select 1` before calling the database unreachable. */
const READINESS_DATABASE_TIMEOUT_MS = 2_000;

export type Readiness =
  | { ready: true }
  | { ready: false; reason: 'shutting down' | 'database unreachable' };

/**
 * Readiness: the process is not shutting down and the database answers within the timeout
 * (asked only when the process is not draining).
 */
export const checkReadiness = async (
  db: Database,
  lifecycle: ServerLifecycle,
): Promise<Readiness> => {
  if (lifecycle.draining) return { ready: false, reason: 'shutting down' };
  if (!(await settleWithin(databaseAnswers(db), READINESS_DATABASE_TIMEOUT_MS, false))) {
    return { ready: false, reason: 'database unreachable' };
  }
  return { ready: true };
};
