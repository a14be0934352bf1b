import { ROLE_PERMISSIONS } from '@paygate/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { roles } from '../db/schema.ts';

/** What each built-in role is for, shown in Roles (decision 0002). */
const BUILT_IN_DESCRIPTIONS: Record<keyof typeof ROLE_PERMISSIONS, string> = {
  admin: 'Platform administrators: every permission',
  merchant: "A merchant's own staff: its invoices, terminals, reports, settlements and users",
  support: "Platform support: every merchant's invoices, callbacks and tickets",
  operator: 'Platform operators: provider accounts, terminals and monitoring',
};

/**
 * Keeps the built-in role rows equal to the permission sets of packages/domain (run at every
 * start): read-only in Roles, so a release that changes them changes them everywhere. The admin
 * role requires two-factor sign-in when the configuration says so (on in production).
 */
export const seedRoles = async (
  db: Database,
  { adminRequiresTwoFactor = false }: { adminRequiresTwoFactor?: boolean } = {},
): Promise<void> => {
  await db
    .insert(roles)
    .values(
      Object.entries(ROLE_PERMISSIONS).map(([name, permissions]) => ({
        name,
        permissions: [...permissions],
        builtIn: true,
        description: BUILT_IN_DESCRIPTIONS[name as keyof typeof ROLE_PERMISSIONS],
        requiresTwoFactor: name === 'admin' && adminRequiresTwoFactor,
      })),
    )
    .onConflictDoUpdate({
      target: roles.name,
      set: {
        permissions: sql`excluded.permissions`,
        builtIn: true,
        description: sql`excluded.description`,
        requiresTwoFactor: sql`excluded.requires_two_factor`,
      },
    });
};
