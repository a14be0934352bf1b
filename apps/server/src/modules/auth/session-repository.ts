import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people, roles, sessions } from '../../db/schema.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';

export const createSession = async (
  db: Database,
  personId: number,
  expiresAt: Date,
  sourceIp: string,
): Promise<string> => {
  const [session] = await db
    .insert(sessions)
    .values({ personId, expiresAt, sourceIp })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return session.id;
};

/** The person behind a live session (not revoked, not expired, person enabled), or null. */
export const loadSessionPerson = async (
  db: Database,
  personId: number,
  sessionId: string,
): Promise<AuthenticatedPerson | null> => {
  const [row] = await db
    .select({
      id: people.id,
      username: people.username,
      firstName: people.firstName,
      lastName: people.lastName,
      merchantId: people.merchantId,
      roleName: people.roleName,
      rolePermissions: roles.permissions,
      extraPermissions: people.extraPermissions,
      testDashboard: people.testDashboard,
    })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .innerJoin(roles, eq(roles.name, people.roleName))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.personId, personId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(people.enabled, true),
      ),
    );
  if (!row) return null;
  const { rolePermissions, extraPermissions, ...person } = row;
  return {
    ...person,
    permissions: [...new Set([...rolePermissions, ...extraPermissions])],
    sessionId,
  };
};

export const revokeSession = async (db: Database, sessionId: string): Promise<void> => {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
};

/** Ends every live session of a person but `keepSessionId` (after a password change). */
export const revokeOtherSessions = async (
  db: Database,
  personId: number,
  keepSessionId: string,
): Promise<void> => {
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.personId, personId), isNull(sessions.revokedAt)));
  for (const { id } of live) {
    if (id !== keepSessionId) await revokeSession(db, id);
  }
};
