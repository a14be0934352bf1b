import type { FastifyReply } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import { SESSION_COOKIE } from './access-control.ts';

/**
 * A cookie the back office can read, next to the HttpOnly jwt (decision 0010): it says only
 * that a session may exist, so a signed-out start asks nothing (no 401 of people/me in the
 * console). Not a secret and never trusted by the server: the jwt alone authenticates. Same
 * lifetime as the jwt (the browser session), cleared with it on logout. The back office reads it
 * by this name (apps/backoffice src/features/session/session-memory.ts).
 */
export const SESSION_MARKER_COOKIE = 'signed_in';

/**
 * The password was right and the second factor is next (decision 0019): a short-lived signed
 * token naming the person and the step, sent only to the sign-in routes.
 */
export const SECOND_FACTOR_COOKIE = 'second_factor';
export const SECOND_FACTOR_COOKIE_PATH = '/api/v1/login';

const optionsOf = (auth: Pick<AuthConfig, 'cookieSecure'>) =>
  ({ sameSite: 'strict', secure: auth.cookieSecure, path: '/' }) as const;

export const setSecondFactorCookie = (
  reply: FastifyReply,
  auth: Pick<AuthConfig, 'cookieSecure'>,
  { token, expiresAt }: { token: string; expiresAt: Date },
) =>
  reply.setCookie(SECOND_FACTOR_COOKIE, token, {
    ...optionsOf(auth),
    path: SECOND_FACTOR_COOKIE_PATH,
    httpOnly: true,
    expires: expiresAt,
  });

export const clearSecondFactorCookie = (
  reply: FastifyReply,
  auth: Pick<AuthConfig, 'cookieSecure'>,
) =>
  reply.clearCookie(SECOND_FACTOR_COOKIE, {
    ...optionsOf(auth),
    path: SECOND_FACTOR_COOKIE_PATH,
    httpOnly: true,
  });

/**
 * The cookies of a new session. Both are browser-session cookies (no Expires, decision 0019):
 * the server ends the session (idle limit, lifetime) whatever the browser keeps, and a browser
 * closed keeps no token on disk for the rest of the session's lifetime. A pending second step is
 * over once signed in: its cookie goes.
 */
export const setSessionCookies = (
  reply: FastifyReply,
  auth: Pick<AuthConfig, 'cookieSecure'>,
  { token }: { token: string },
) =>
  clearSecondFactorCookie(reply, auth)
    .setCookie(SESSION_COOKIE, token, { ...optionsOf(auth), httpOnly: true })
    .setCookie(SESSION_MARKER_COOKIE, '1', { ...optionsOf(auth), httpOnly: false });

/** Signed out, whatever the outcome: the session's cookies and any pending second step go. */
export const clearSessionCookies = (reply: FastifyReply, auth: Pick<AuthConfig, 'cookieSecure'>) =>
  clearSecondFactorCookie(reply, auth)
    .clearCookie(SESSION_COOKIE, { ...optionsOf(auth), httpOnly: true })
    .clearCookie(SESSION_MARKER_COOKIE, { ...optionsOf(auth), httpOnly: false });
