import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { type AuthenticatedPerson, requirePerson } from '../auth/auth-entry.ts';
import { switchTestDashboard } from './profile-service.ts';

/** The signed-in person, named #/components/schemas/CurrentPerson. */
const currentPersonComponent = sharedSchema('CurrentPerson', {
  type: 'object',
  required: [
    'id',
    'username',
    'personal',
    'permissions',
    'role',
    'roles',
    'merchantId',
    'testDashboard',
  ],
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    personal: {
      type: 'object',
      required: ['firstName', 'lastName'],
      properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    permissions: { type: 'array', items: { type: 'string' } },
    /** The roles' names joined with ', ' (one role before issue 22); `roles` lists them. */
    role: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    merchantId: { type: ['integer', 'null'] },
    testDashboard: { type: 'boolean' },
  },
});

const currentPersonSchema = dataEnvelope(currentPersonComponent.ref);

/** SPEC §3 Current person: personal names and the permission list. */
const presentPerson = (person: AuthenticatedPerson, testDashboard = person.testDashboard) => ({
  data: {
    id: person.id,
    username: person.username,
    personal: { firstName: person.firstName, lastName: person.lastName },
    permissions: person.permissions,
    role: person.roles.join(', '),
    roles: person.roles,
    merchantId: person.merchantId,
    testDashboard,
  },
});

/**
 * The signed-in person's own profile: GET /api/v1/people/me and
 * PATCH /api/v1/people/me/testDashboard (SPEC §7).
 */
export const profileRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  addSharedSchemas(app, [currentPersonComponent]);
  app.get(
    '/api/v1/people/me',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['people'],
        operationId: 'getCurrentPerson',
        summary: 'The signed-in person',
        response: { 200: currentPersonSchema, 401: errorResponseSchema },
      },
    },
    async (request) => presentPerson(requirePerson(request.person)),
  );

  app.patch<{ Body: { testDashboard?: boolean } | undefined }>(
    '/api/v1/people/me/testDashboard',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['people'],
        operationId: 'setTestDashboard',
        summary: 'Switch the test-dashboard mode (toggles when no value is given)',
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { testDashboard: { type: 'boolean' } },
        },
        response: { 200: currentPersonSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const testDashboard = await switchTestDashboard(db, person, {
        requested: request.body?.testDashboard,
        sourceIp: request.ip,
      });
      return presentPerson(person, testDashboard);
    },
  );
};
