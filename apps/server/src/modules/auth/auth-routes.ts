import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';
import { people } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { EVENT_CODES, recordEvent } from '../audit/event-log.ts';
import { SESSION_COOKIE } from './access-control.ts';
import { requirePerson } from './authenticated-person.ts';
import { finishPasswordCheck, reservePasswordCheck } from './login-throttle.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hashing.ts';
import { createSession, revokeOtherSessions, revokeSession } from './session-store.ts';
import { signSessionToken, verifySessionToken } from './session-tokens.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Try again later.';
/** A password change while the person's password checks from this address are throttled. */
export const PASSWORD_CHECK_THROTTLED_MESSAGE = 'Too many wrong passwords. Try again later.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const PASSWORD_MIN_LENGTH = 8;

/**
 * A cookie the back office can read, next to the HttpOnly jwt (decision 0010): it says only
 * that a session may exist, so a signed-out start asks nothing (no 401 of people/me in the
 * console). Not a secret and never trusted by the server: the jwt alone authenticates. Same
 * lifetime as the jwt, cleared with it on logout. The back office reads it by this name
 * (apps/backoffice src/features/session/session-memory.ts).
 */
export const SESSION_MARKER_COOKIE = 'signed_in';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

const changePasswordBody = {
  type: 'object',
  required: ['newPassword', 'currentPassword'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 1000 },
    newPassword: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

const okResponse = dataEnvelope({
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
});

const loginResponse = dataEnvelope({
  type: 'object',
  required: ['expiresAt'],
  properties: { expiresAt: { type: 'string', format: 'date-time' } },
});

/** POST /api/v1/login, POST /api/v1/logout, POST /api/v1/user/change_password (SPEC §7). */
export const authRoutes = async (
  app: FastifyInstance,
  { db, auth }: { db: Database; auth: AuthConfig },
) => {
  const cookieOptions = { sameSite: 'strict', secure: auth.cookieSecure, path: '/' } as const;
  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply
      .setCookie(SESSION_COOKIE, token, { ...cookieOptions, httpOnly: true, expires: expiresAt })
      .setCookie(SESSION_MARKER_COOKIE, '1', {
        ...cookieOptions,
        httpOnly: false,
        expires: expiresAt,
      });

  app.post<{ Body: { username: string; password: string } }>(
    '/api/v1/login',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        summary: 'Sign in; sets the jwt session cookie and its readable signed_in marker',
        body: loginBody,
        response: { 200: loginResponse, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim().toLowerCase();
      const sourceIp = request.ip;

      // Throttled: 429 without looking at the password (login-throttle.ts, issue 19).
      const check = await reservePasswordCheck(db, { username, sourceIp });
      if (!check.allowed) throw tooManyRequests(THROTTLED_MESSAGE, check.retryAfterSeconds);

      const [person] = await db
        .select()
        .from(people)
        .where(and(sql`lower(${people.username}) = ${username}`, eq(people.enabled, true)));
      const passwordOk = await verifyPassword(
        person?.passwordHash ?? (await decoyPasswordHash),
        request.body.password,
      );
      const succeeded = Boolean(person) && passwordOk;
      if (!person || !succeeded) {
        await recordEvent(db, {
          eventCode: EVENT_CODES.loginFailed,
          description: `Failed sign-in for "${username}"`,
          personId: person?.id ?? null,
          sourceIp,
        });
        await finishPasswordCheck(db, check, {
          succeeded: false,
          personId: person?.id ?? null,
          sourceIp,
          purpose: 'sign-in',
        });
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
      }
      await finishPasswordCheck(db, check, {
        succeeded: true,
        personId: person.id,
        sourceIp,
        purpose: 'sign-in',
      });

      const expiresAt = new Date(Date.now() + auth.sessionTtlMinutes * 60_000);
      const sessionId = await createSession(db, person.id, expiresAt, sourceIp);
      const token = await signSessionToken(
        { personId: person.id, sessionId },
        auth.jwtSecret,
        expiresAt,
      );
      await recordEvent(db, {
        eventCode: EVENT_CODES.loginSucceeded,
        description: `Signed in as "${person.username}"`,
        personId: person.id,
        merchantId: person.merchantId,
        sourceIp,
      });
      setSessionCookie(reply, token, expiresAt);
      return { data: { expiresAt: expiresAt.toISOString() } };
    },
  );

  app.post(
    '/api/v1/logout',
    {
      // Public so that logging out always works, even with an expired or revoked session.
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        summary: 'Sign out; ends the session server-side and clears both cookies',
        description:
          'Always answers 200 and clears the jwt and signed_in cookies, with a valid, expired, ' +
          'revoked, forged or missing session alike; a valid one is revoked.',
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const claims = token ? await verifySessionToken(token, auth.jwtSecret) : null;
      if (claims) {
        await revokeSession(db, claims.sessionId);
        await recordEvent(db, {
          eventCode: EVENT_CODES.logout,
          description: 'Signed out',
          personId: claims.personId,
          sourceIp: request.ip,
        });
      }
      reply
        .clearCookie(SESSION_COOKIE, { ...cookieOptions, httpOnly: true })
        .clearCookie(SESSION_MARKER_COOKIE, { ...cookieOptions, httpOnly: false });
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { newPassword: string; currentPassword: string } }>(
    '/api/v1/user/change_password',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['session'],
        summary: 'Change the signed-in person’s password',
        body: changePasswordBody,
        response: { 200: okResponse, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { currentPassword, newPassword } = request.body;
      if (newPassword.length < PASSWORD_MIN_LENGTH) {
        throw badRequest(`New password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
      }
      // The same throttle as sign-in, on the person's username from this address: a stolen
      // session cannot be used to guess the password either.
      const check = await reservePasswordCheck(db, {
        username: person.username.trim().toLowerCase(),
        sourceIp: request.ip,
      });
      if (!check.allowed) {
        throw tooManyRequests(PASSWORD_CHECK_THROTTLED_MESSAGE, check.retryAfterSeconds);
      }
      const [row] = await db
        .select({ passwordHash: people.passwordHash })
        .from(people)
        .where(eq(people.id, person.id));
      const currentPasswordOk = row
        ? await verifyPassword(row.passwordHash, currentPassword)
        : false;
      if (!currentPasswordOk) {
        await recordEvent(db, {
          eventCode: EVENT_CODES.passwordChangeFailed,
          description: 'Password change refused: wrong current password',
          personId: person.id,
          merchantId: person.merchantId,
          sourceIp: request.ip,
        });
      }
      await finishPasswordCheck(db, check, {
        succeeded: currentPasswordOk,
        personId: person.id,
        sourceIp: request.ip,
        purpose: 'current-password',
      });
      if (!currentPasswordOk) throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
      await db
        .update(people)
        .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date() })
        .where(eq(people.id, person.id));
      // Other devices signed in with the old password are signed out.
      await revokeOtherSessions(db, person.id, person.sessionId);
      await recordEvent(db, {
        eventCode: EVENT_CODES.passwordChanged,
        description: 'Password changed',
        personId: person.id,
        merchantId: person.merchantId,
        sourceIp: request.ip,
      });
      return { data: { ok: true } };
    },
  );
};
