import { effectivePermissions } from '@paygate/domain';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people, personRoles, roles, sessions } from '../../db/schema.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';
import { RECENT_AUTHENTICATION_MINUTES } from './recent-authentication.ts';

/** Sessions: opening, loading on every request, listing and ending them. SQL only. */

/** Why a session ended (sessions.end_reason, decision 0019). */
export type SessionEndReason =
  | 'sign-out'
  | 'ended'
  | 'password'
  | 'deactivated'
  | 'idle'
  /** A role of theirs came to require a second factor they do not have (decision 0019). */
  | 'two-factor-required'
  /** Their second factor was turned on or off, or its recovery codes renewed, in another session. */
  | 'second-factor'
  /** The browser holding it signed in again (as anyone): only the new session works. */
  | 'new-sign-in';

/** last_seen_at is written at most this often: not one write per request. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

export const createSession = async (
  db: Database,
  {
    personId,
    expiresAt,
    sourceIp,
    userAgent,
  }: { personId: number; expiresAt: Date; sourceIp: string; userAgent: string | null },
): Promise<string> => {
  const [session] = await db
    .insert(sessions)
    .values({ personId, expiresAt, sourceIp, userAgent })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return session.id;
};

/** The names of a person's roles, alphabetical (a correlated subquery on people.id). */
export const roleNamesOf = (personId: typeof people.id) => sql<string[]>`coalesce(
  (select array_agg(${personRoles.roleName} order by ${personRoles.roleName})
     from ${personRoles} where ${personRoles.personId} = ${personId}),
  '{}'::text[])`;

/** The permissions of a person's roles, each once (a correlated subquery on people.id). */
export const rolePermissionsOf = (personId: typeof people.id) => sql<string[]>`coalesce(
  (select array_agg(distinct permission)
     from ${personRoles}
     join ${roles} on ${roles.name} = ${personRoles.roleName}
     cross join lateral unnest(${roles.permissions}) as permission
    where ${personRoles.personId} = ${personId}),
  '{}'::text[])`;

/** Whether one of the person's roles requires a second factor they have not set up. */
const secondFactorMissingOf = (personId: typeof people.id) => sql<boolean>`(
  ${people.totpSecret} is null and exists (
    select 1 from ${personRoles}
      join ${roles} on ${roles.name} = ${personRoles.roleName}
     where ${personRoles.personId} = ${personId} and ${roles.requiresTwoFactor}))`;

/**
 * The person behind a live session (not revoked, not expired, used within `idleMinutes`, person
 * enabled), or null. Roles and permissions are read on every call, so a change to a role or to
 * the person's roles applies at the next request (issue 22). A session found idle is ended.
 */
export const loadSessionPerson = async (
  db: Database,
  personId: number,
  sessionId: string,
  idleMinutes: number,
  { touch = true }: { touch?: boolean } = {},
): Promise<AuthenticatedPerson | null> => {
  const [row] = await db
    .select({
      id: people.id,
      username: people.username,
      firstName: people.firstName,
      lastName: people.lastName,
      merchantId: people.merchantId,
      roles: roleNamesOf(people.id),
      rolePermissions: rolePermissionsOf(people.id),
      extraPermissions: people.extraPermissions,
      testDashboard: people.testDashboard,
      secondFactorMissing: secondFactorMissingOf(people.id),
      // Both read on the database's clock, which wrote last_seen_at.
      seenLongAgo: sql<boolean>`${sessions.lastSeenAt} <= now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_SECONDS})`,
      idle: sql<boolean>`${sessions.lastSeenAt} <= now() - make_interval(mins => ${idleMinutes}::int)`,
      recentlyAuthenticated: sql<boolean>`${sessions.authenticatedAt} > now() - make_interval(mins => ${RECENT_AUTHENTICATION_MINUTES}::int)`,
    })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.personId, personId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(people.enabled, true),
      ),
    );
  if (!row) return null;
  const { rolePermissions, extraPermissions, seenLongAgo, idle, secondFactorMissing, ...person } =
    row;
  if (idle) {
    await endSessions(db, { sessionIds: [sessionId], reason: 'idle' });
    return null;
  }
  // A role requires a second factor the person does not have: whatever let the session live on
  // (the requirement switched on at start by TWO_FACTOR_FOR_ADMINS, or set while a sign-in was
  // under way), the requirement holds from the moment it is set (decision 0019). They enrol at
  // their next sign-in.
  if (secondFactorMissing) {
    await endSessions(db, { sessionIds: [sessionId], reason: 'two-factor-required' });
    return null;
  }
  if (seenLongAgo && touch) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
  }
  return {
    ...person,
    permissions: effectivePermissions(person.merchantId, [...rolePermissions, ...extraPermissions]),
    sessionId,
  };
};

/** The person proved who they are in this session just now (a confirmation, decision 0019). */
export const markSessionAuthenticated = async (db: Database, sessionId: string): Promise<void> => {
  await db.update(sessions).set({ authenticatedAt: sql`now()` }).where(eq(sessions.id, sessionId));
};

/** A live session as its owner sees it in Security (decision 0019). */
export interface LiveSession {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  sourceIp: string | null;
  userAgent: string | null;
}

/** The live sessions of a person (not ended, not expired, not idle), the newest use first. */
export const listLiveSessions = async (
  db: Database,
  personId: number,
  idleMinutes: number,
): Promise<LiveSession[]> =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      sourceIp: sessions.sourceIp,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.personId, personId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes}::int)`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));

/**
 * Ends sessions that are still open: the given ones, or every one of a person but `exceptId`.
 * Returns the ids it ended (already ended ones are left as they were).
 */
export const endSessions = async (
  db: Database,
  target:
    | { sessionIds: readonly string[]; reason: SessionEndReason; personId?: number }
    | { personId: number; exceptId?: string; reason: SessionEndReason },
): Promise<string[]> => {
  const scope =
    'sessionIds' in target
      ? and(
          inArray(sessions.id, [...target.sessionIds]),
          target.personId === undefined ? undefined : eq(sessions.personId, target.personId),
        )
      : and(
          eq(sessions.personId, target.personId),
          target.exceptId === undefined ? undefined : ne(sessions.id, target.exceptId),
        );
  if ('sessionIds' in target && target.sessionIds.length === 0) return [];
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, endReason: target.reason })
    .where(and(scope, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map(({ id }) => id);
};
