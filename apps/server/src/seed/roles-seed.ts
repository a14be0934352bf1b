import { ROLE_PERMISSIONS } from '@paygate/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { roles } from '../db/schema.ts';

/** Keeps the role rows equal to the permission sets of packages/domain (run at every start). */
export const seedRoles = async (db: Database): Promise<void> => {
  await db
    .insert(roles)
    .values(
      Object.entries(ROLE_PERMISSIONS).map(([name, permissions]) => ({
        name,
        permissions: [...permissions],
      })),
    )
    .onConflictDoUpdate({ target: roles.name, set: { permissions: sql`excluded.permissions` } });
};
