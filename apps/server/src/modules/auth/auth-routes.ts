import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { tooManyRequests, unauthorized } from '../../http/http-errors.ts';
import { dataEnvelope, okEnvelope } from '../../http/response-envelope.ts';
import { SESSION_COOKIE } from './access-control.ts';
import { changePassword, signIn, signOut } from './auth-service.ts';
import { requirePerson } from './authenticated-person.ts';
import type { Throttled } from './login-throttle.ts';
import {
  clearSessionCookies,
  setSecondFactorCookie,
  setSessionCookies,
} from './session-cookies.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const THROTTLED_MESSAGE = 'Too many sign-in attempts.';
/** A password change while the person's password checks from this address are throttled. */
export const PASSWORD_CHECK_THROTTLED_MESSAGE = 'Too many wrong passwords.';

/**
 * A throttled password or code check is answered 429 `too_many_attempts` with `message` and
 * Retry-After; any other outcome goes on.
 */
export const unlessThrottled = <Result extends { outcome: string }>(
  result: Result | Throttled,
  message: string,
): Result => {
  if (result.outcome === 'throttled') {
    throw tooManyRequests(message, (result as Throttled).retryAfterSeconds, 'too_many_attempts');
  }
  return result as Result;
};

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

const loginResponse = dataEnvelope({
  type: 'object',
  properties: {
    /** Signed in: when the session ends at the latest. */
    expiresAt: { type: 'string', format: 'date-time' },
    /**
     * Not signed in yet (decision 0019): the password was right and the person must send a code
     * of their second factor (`two-factor`, POST /api/v1/login/two-factor) or set one up first
     * (`two-factor-enrolment`, POST /api/v1/login/two-factor/enrolment). The second_factor
     * cookie carries the step for 10 minutes.
     */
    next: { type: 'string', enum: ['two-factor', 'two-factor-enrolment'] },
  },
});

/** The browser's own description, kept with the session to tell sessions apart (bounded). */
const userAgentOf = (request: FastifyRequest): string | null =>
  request.headers['user-agent']?.slice(0, 512) || null;

/**
 * Who is signing in: the address, the browser, and the session this browser holds already (its
 * jwt), which a completed sign-in ends.
 */
export const signInClientOf = (request: FastifyRequest) => ({
  sourceIp: request.ip,
  userAgent: userAgentOf(request),
  currentSessionToken: request.cookies[SESSION_COOKIE],
});

/** POST /api/v1/login, POST /api/v1/logout, POST /api/v1/user/change_password (SPEC §7). */
export const authRoutes = async (
  app: FastifyInstance,
  { db, auth }: { db: Database; auth: AuthConfig },
) => {
  app.post<{ Body: { username: string; password: string } }>(
    '/api/v1/login',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        operationId: 'signIn',
        summary: 'Sign in; sets the jwt session cookie and its readable signed_in marker',
        description:
          'A session the request’s jwt cookie still holds, whoever’s, ends once a new one is ' +
          'opened. Both cookies last as long as the browser session; the session itself ends ' +
          'server-side when idle or at expiresAt.',
        body: loginBody,
        response: { 200: loginResponse, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await signIn(db, auth, {
        ...signInClientOf(request),
        username: request.body.username,
        password: request.body.password,
      });
      // Throttled: 429 without looking at the password (login-throttle.ts, issue 19).
      if (result.outcome === 'throttled') {
        throw tooManyRequests(THROTTLED_MESSAGE, result.retryAfterSeconds, 'too_many_attempts');
      }
      if (result.outcome === 'refused')
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
      if (result.outcome === 'second-factor') {
        setSecondFactorCookie(reply, auth, result);
        return { data: { next: result.step === 'verify' ? 'two-factor' : 'two-factor-enrolment' } };
      }
      setSessionCookies(reply, auth, result);
      return { data: { expiresAt: result.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/api/v1/logout',
    {
      // Public so that logging out always works, even with an expired or revoked session.
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        operationId: 'signOut',
        summary: 'Sign out; ends the session server-side and clears its cookies',
        description:
          'Always answers 200 and clears the jwt, signed_in and second_factor cookies, with a ' +
          'valid, expired, revoked, forged or missing session alike; a valid one is revoked.',
        response: { 200: okEnvelope },
      },
    },
    async (request, reply) => {
      await signOut(db, auth.jwtSecret, {
        token: request.cookies[SESSION_COOKIE],
        sourceIp: request.ip,
      });
      clearSessionCookies(reply, auth);
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { newPassword: string; currentPassword: string } }>(
    '/api/v1/user/change_password',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['session'],
        operationId: 'changePassword',
        summary: 'Change the signed-in person’s password',
        body: changePasswordBody,
        response: { 200: okEnvelope, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const result = await changePassword(db, requirePerson(request.person), {
        currentPassword,
        newPassword,
        sourceIp: request.ip,
      });
      unlessThrottled(result, PASSWORD_CHECK_THROTTLED_MESSAGE);
      return { data: { ok: true } };
    },
  );
};
