import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, sessions } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  createTestApp,
  createTestPerson,
  sessionCookieOf,
  TEST_AUTH,
  type TestApp,
} from '../../testing/test-app.ts';
import { verifySessionToken } from './session-tokens.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionView {
  id: string;
  browser: string;
  sourceIp: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
}

describe.each(TEST_DATABASE_KINDS)('own sessions on %s', (kind) => {
  let testApp: TestApp;
  let olgaId: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    olgaId = (await createTestPerson(testApp.db, { username: 'olga', role: 'merchant' })).id;
    await createTestPerson(testApp.db, { username: 'petr', role: 'support' });
  });
  afterAll(async () => testApp?.close());

  /** Signs in with a user agent from an address; the cookie and the session's id. */
  const signInAs = async (
    username: string,
    { userAgent, remoteAddress = '10.1.1.1' }: { userAgent?: string; remoteAddress?: string } = {},
  ) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password: `${username}-password` },
      remoteAddress,
      headers: userAgent === undefined ? {} : { 'user-agent': userAgent },
    });
    const cookie = sessionCookieOf(response);
    const claims = await verifySessionToken(cookie.slice('jwt='.length), TEST_AUTH.jwtSecret);
    if (!claims) throw new Error('the session token does not verify');
    return { cookie, sessionId: claims.sessionId };
  };
  const listSessions = (cookie?: string) =>
    testApp.app.inject({ url: '/api/v1/sessions', headers: cookie ? { cookie } : {} });
  const endSession = (cookie: string | undefined, id: string) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${id}`,
      headers: cookie ? { cookie } : {},
    });
  const me = (cookie: string) =>
    testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
  const sessionRow = async (id: string) => {
    const [row] = await testApp.db.select().from(sessions).where(eq(sessions.id, id));
    if (!row) throw new Error(`no session ${id}`);
    return row;
  };
  const endAllOf = (personId: number) =>
    testApp.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, endReason: 'sign-out' })
      .where(and(eq(sessions.personId, personId), sql`${sessions.revokedAt} is null`));

  it('needs a session', async () => {
    expect((await listSessions()).statusCode).toBe(401);
    expect((await endSession(undefined, randomUUID())).statusCode).toBe(401);
  });

  it('lists the person’s live sessions with browser, address and which one is this', async () => {
    await endAllOf(olgaId);
    const chrome = await signInAs('olga', {
      userAgent: CHROME_ON_WINDOWS,
      remoteAddress: '10.1.1.7',
    });
    const firefox = await signInAs('olga', {
      userAgent: FIREFOX_ON_LINUX,
      remoteAddress: '10.1.1.8',
    });
    await signInAs('petr', { userAgent: CHROME_ON_WINDOWS });

    const response = await listSessions(chrome.cookie);
    expect(response.statusCode).toBe(200);
    const seen: SessionView[] = response.json().data;
    expect(seen.map(({ id }) => id).sort()).toEqual([chrome.sessionId, firefox.sessionId].sort());
    const byId = Object.fromEntries(seen.map((session) => [session.id, session]));
    expect(byId[chrome.sessionId]).toMatchObject({
      browser: 'Chrome 131 on Windows 10',
      sourceIp: '10.1.1.7',
      current: true,
    });
    expect(byId[firefox.sessionId]).toMatchObject({
      browser: 'Firefox 133 on Linux',
      sourceIp: '10.1.1.8',
      current: false,
    });
    const session = byId[chrome.sessionId];
    if (!session) throw new Error('no current session listed');
    const expiresIn = new Date(session.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(TEST_AUTH.sessionTtlMinutes * 60_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(TEST_AUTH.sessionTtlMinutes * 60_000);
    expect(Math.abs(new Date(session.createdAt).getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(new Date(session.lastSeenAt).getTime() - Date.now())).toBeLessThan(60_000);

    // The other browser sees the same sessions, itself as the current one.
    const fromFirefox: SessionView[] = (await listSessions(firefox.cookie)).json().data;
    expect(fromFirefox.filter(({ current }) => current).map(({ id }) => id)).toEqual([
      firefox.sessionId,
    ]);
  });

  it('keeps the user agent of the sign-in, bounded, and names an absent one', async () => {
    await endAllOf(olgaId);
    const long = await signInAs('olga', { userAgent: `${CHROME_ON_WINDOWS} ${'x'.repeat(2_000)}` });
    expect((await sessionRow(long.sessionId)).userAgent?.length).toBe(512);
    const none = await signInAs('olga', { userAgent: '' });
    expect((await sessionRow(none.sessionId)).userAgent).toBeNull();
    const seen: SessionView[] = (await listSessions(long.cookie)).json().data;
    expect(seen.find(({ id }) => id === none.sessionId)?.browser).toBe('Unknown browser');
    expect(seen.find(({ id }) => id === long.sessionId)?.browser).toBe('Chrome 131 on Windows 10');
  });

  it('ends another own session: its cookie gets 401, the end is recorded', async () => {
    const here = await signInAs('olga', { userAgent: CHROME_ON_WINDOWS });
    const there = await signInAs('olga', { userAgent: FIREFOX_ON_LINUX });
    expect((await me(there.cookie)).statusCode).toBe(200);

    const response = await endSession(here.cookie, there.sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { current: false } });
    expect((await me(there.cookie)).statusCode).toBe(401);
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect(await sessionRow(there.sessionId)).toMatchObject({ endReason: 'ended' });
    expect((await sessionRow(there.sessionId)).revokedAt).not.toBeNull();
    const listed: SessionView[] = (await listSessions(here.cookie)).json().data;
    expect(listed.map(({ id }) => id)).not.toContain(there.sessionId);

    const [event] = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.eventCode, 'SESSION_ENDED'))
      .orderBy(desc(eventLog.id))
      .limit(1);
    expect(event).toMatchObject({
      eventCode: 'SESSION_ENDED',
      personId: olgaId,
      entityType: 'session',
      entityId: there.sessionId,
      sourceIp: '127.0.0.1',
    });

    // Already ended: nothing more to end.
    expect((await endSession(here.cookie, there.sessionId)).statusCode).toBe(404);
  });

  it('ends the current session when asked: the next request is signed out', async () => {
    const here = await signInAs('olga');
    const response = await endSession(here.cookie, here.sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { current: true } });
    expect((await me(here.cookie)).statusCode).toBe(401);
  });

  it('answers 404 for another person’s session and leaves it alone, 404 for no session, 400 for no id', async () => {
    const mine = await signInAs('olga');
    const theirs = await signInAs('petr');
    const eventsBefore = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.eventCode, 'SESSION_ENDED'));

    const response = await endSession(mine.cookie, theirs.sessionId);
    expect(response.statusCode).toBe(404);
    expect((await me(theirs.cookie)).statusCode).toBe(200);
    expect((await sessionRow(theirs.sessionId)).revokedAt).toBeNull();
    expect((await endSession(mine.cookie, randomUUID())).statusCode).toBe(404);
    expect((await endSession(mine.cookie, 'not-a-uuid')).statusCode).toBe(400);
    const listed: SessionView[] = (await listSessions(mine.cookie)).json().data;
    expect(listed.map(({ id }) => id)).not.toContain(theirs.sessionId);
    expect(
      await testApp.db.select().from(eventLog).where(eq(eventLog.eventCode, 'SESSION_ENDED')),
    ).toHaveLength(eventsBefore.length);
  });

  describe('idle limit', () => {
    const idleFor = (sessionId: string, minutes: number) =>
      testApp.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes}::int)` })
        .where(eq(sessions.id, sessionId));

    it('ends a session unused for longer than the idle limit: 401, marked idle', async () => {
      const idle = await signInAs('olga');
      const active = await signInAs('olga');
      await idleFor(idle.sessionId, TEST_AUTH.sessionIdleMinutes + 1);

      const listed: SessionView[] = (await listSessions(active.cookie)).json().data;
      expect(listed.map(({ id }) => id)).not.toContain(idle.sessionId);

      expect((await me(idle.cookie)).statusCode).toBe(401);
      const row = await sessionRow(idle.sessionId);
      expect(row.endReason).toBe('idle');
      expect(row.revokedAt).not.toBeNull();
      // Ended for good: being used again does not revive it.
      await testApp.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, idle.sessionId));
      expect((await me(idle.cookie)).statusCode).toBe(401);
      expect((await me(active.cookie)).statusCode).toBe(200);
    });

    it('keeps a session used within the idle limit', async () => {
      const session = await signInAs('olga');
      await idleFor(session.sessionId, TEST_AUTH.sessionIdleMinutes - 1);
      expect((await me(session.cookie)).statusCode).toBe(200);
      const row = await sessionRow(session.sessionId);
      expect(row.revokedAt).toBeNull();
      // The request counted as use: the session is fresh again.
      expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
    });

    it('does not write last_seen_at on every request: at most once a minute', async () => {
      const session = await signInAs('olga');
      const atSignIn = (await sessionRow(session.sessionId)).lastSeenAt;
      expect((await me(session.cookie)).statusCode).toBe(200);
      expect((await me(session.cookie)).statusCode).toBe(200);
      expect((await sessionRow(session.sessionId)).lastSeenAt.getTime()).toBe(atSignIn.getTime());

      await idleFor(session.sessionId, 2);
      const stale = (await sessionRow(session.sessionId)).lastSeenAt;
      expect((await me(session.cookie)).statusCode).toBe(200);
      const written = (await sessionRow(session.sessionId)).lastSeenAt;
      expect(written.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
      expect((await me(session.cookie)).statusCode).toBe(200);
      expect((await listSessions(session.cookie)).statusCode).toBe(200);
      expect((await sessionRow(session.sessionId)).lastSeenAt.getTime()).toBe(written.getTime());
    });
  });
});
