import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { evaluateEndpointAlerts, evaluateTerminalAlerts } from './alert-service.ts';

/**
 * Looks at success rates and failing endpoints every few seconds (ALERT_CHECK_SECONDS). Every
 * instance may run it: an alert opens or closes once, guarded in the database.
 */
export const alertEvaluationJob = (db: Database, idleDelayMs = 10_000): BackgroundJob => ({
  name: 'alert-evaluation',
  idleDelayMs,
  runOnce: async () => {
    await evaluateTerminalAlerts(db);
    await evaluateEndpointAlerts(db);
    return false;
  },
});
