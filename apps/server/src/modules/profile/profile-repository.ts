import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people } from '../../db/schema.ts';

/** The signed-in person's own settings on their people row: SQL only. */

export const storeTestDashboard = async (
  db: Database,
  personId: number,
  testDashboard: boolean,
): Promise<void> => {
  await db.update(people).set({ testDashboard }).where(eq(people.id, personId));
};
