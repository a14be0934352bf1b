import Bowser from 'bowser';
import type { Database } from '../../db/database.ts';
import { notFoundError } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';
import { endSessions, type LiveSession, listLiveSessions } from './session-repository.ts';

/**
 * A person's own sessions (issue 22 item 4): the live ones with where and what they were opened
 * from, and ending any of them. Every end is audited.
 */

/** "Chrome 131 on Linux" from a user agent; "Unknown browser" when there is none. */
export const describeBrowser = (userAgent: string | null): string => {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [os.name, os.versionName].filter(Boolean).join(' ');
  if (!name) return userAgent.slice(0, 80);
  return system ? `${name} on ${system}` : name;
};

export interface SessionView extends Omit<LiveSession, 'userAgent'> {
  browser: string;
  /** The session this request came with. */
  current: boolean;
}

export const listOwnSessions = async (
  db: Database,
  person: AuthenticatedPerson,
  idleMinutes: number,
): Promise<SessionView[]> =>
  (await listLiveSessions(db, person.id, idleMinutes)).map(({ userAgent, ...session }) => ({
    ...session,
    browser: describeBrowser(userAgent),
    current: session.id === person.sessionId,
  }));

/** Ends one of the person's own live sessions; another person's or an ended one is not found. */
export const endOwnSession = async (
  db: Database,
  person: AuthenticatedPerson,
  { sessionId, sourceIp }: { sessionId: string; sourceIp: string },
): Promise<{ current: boolean }> => {
  const [ended] = await endSessions(db, {
    sessionIds: [sessionId],
    personId: person.id,
    reason: 'ended',
  });
  if (!ended) throw notFoundError('Session not found');
  await recordEvent(db, {
    eventCode: EVENT_CODES.sessionEnded,
    description: ended === person.sessionId ? 'Ended this session' : 'Ended another session',
    personId: person.id,
    merchantId: person.merchantId,
    entityType: 'session',
    entityId: ended,
    sourceIp,
  });
  return { current: ended === person.sessionId };
};
