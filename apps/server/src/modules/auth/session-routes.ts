import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope, okEnvelope } from '../../http/response-envelope.ts';
import { PASSWORD_CHECK_THROTTLED_MESSAGE, unlessThrottled } from './auth-routes.ts';
import { requirePerson } from './authenticated-person.ts';
import { confirmIdentity } from './reauthentication-service.ts';
import { RECENT_AUTHENTICATION_MINUTES } from './recent-authentication.ts';
import { endOwnSession, listOwnSessions } from './session-service.ts';

const sessionSchema = {
  type: 'object',
  required: ['id', 'browser', 'sourceIp', 'createdAt', 'lastSeenAt', 'expiresAt', 'current'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    /** "Chrome 131 on Linux", from the browser's user agent at sign-in. */
    browser: { type: 'string' },
    sourceIp: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    lastSeenAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    current: { type: 'boolean' },
  },
} as const;

/** The password, and a code when the person has a second factor. */
const reauthenticationBody = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: {
    password: { type: 'string', minLength: 1, maxLength: 1000 },
    /** 6 digits from the authenticator app, or a recovery code; required with a second factor. */
    code: { type: 'string', maxLength: 32 },
  },
} as const;

/**
 * The signed-in person's own sessions (issue 22 item 4, decision 0019):
 * GET /api/v1/sessions and DELETE /api/v1/sessions/{id}; and confirming who they are in this
 * session before a security action, POST /api/v1/reauthentication.
 */
export const sessionRoutes = async (
  app: FastifyInstance,
  { db, auth }: { db: Database; auth: AuthConfig },
) => {
  app.get(
    '/api/v1/sessions',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['session'],
        operationId: 'listSessions',
        summary: 'The signed-in person’s live sessions, the most recently used first',
        response: {
          200: dataEnvelope({ type: 'array', items: sessionSchema }),
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const sessions = await listOwnSessions(
        db,
        requirePerson(request.person),
        auth.sessionIdleMinutes,
      );
      return {
        data: sessions.map((session) => ({
          ...session,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
        })),
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/sessions/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['session'],
        operationId: 'endSession',
        summary: 'End one of the signed-in person’s sessions',
        description: 'Ending the current session signs this browser out at its next request.',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['current'],
            properties: { current: { type: 'boolean' } },
          }),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await endOwnSession(db, requirePerson(request.person), {
        sessionId: request.params.id,
        sourceIp: request.ip,
      }),
    }),
  );

  app.post<{ Body: { password: string; code?: string } }>(
    '/api/v1/reauthentication',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['session'],
        operationId: 'reauthenticate',
        summary: 'Confirm who you are before a security action (password, and code)',
        description:
          `A call answered 403 \`reauthentication_required\` works again for ` +
          `${RECENT_AUTHENTICATION_MINUTES} minutes after this succeeds. A wrong password is 400 ` +
          '`wrong_current_password`; a missing or wrong code 400 `two_factor_code_invalid`; an ' +
          'authenticator code while those are locked 409 `two_factor_locked` (a recovery code ' +
          'still works).',
        body: reauthenticationBody,
        response: {
          200: okEnvelope,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const result = await confirmIdentity(db, requirePerson(request.person), {
        password: request.body.password,
        ...(request.body.code === undefined ? {} : { code: request.body.code }),
        sourceIp: request.ip,
      });
      unlessThrottled(result, PASSWORD_CHECK_THROTTLED_MESSAGE);
      return { data: { ok: true } };
    },
  );
};
