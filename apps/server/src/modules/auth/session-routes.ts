import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from './authenticated-person.ts';
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

/**
 * The signed-in person's own sessions (issue 22 item 4, decision 0019):
 * GET /api/v1/sessions and DELETE /api/v1/sessions/{id}.
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
};
