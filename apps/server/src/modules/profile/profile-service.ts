import type { Database } from '../../db/database.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import { storeTestDashboard } from './profile-repository.ts';

/**
 * Switches the person's test-dashboard mode to `requested`, or toggles it when no value is
 * given, and records the change. Returns the new setting.
 */
export const switchTestDashboard = async (
  db: Database,
  person: AuthenticatedPerson,
  { requested, sourceIp }: { requested: boolean | undefined; sourceIp: string },
): Promise<boolean> => {
  const testDashboard = requested ?? !person.testDashboard;
  await storeTestDashboard(db, person.id, testDashboard);
  await recordEvent(db, {
    eventCode: EVENT_CODES.testDashboardChanged,
    description: `Test dashboard ${testDashboard ? 'on' : 'off'}`,
    personId: person.id,
    merchantId: person.merchantId,
    entityType: 'person',
    entityId: person.id,
    sourceIp,
  });
  return testDashboard;
};
