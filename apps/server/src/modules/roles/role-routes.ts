import {
  ALL_PERMISSIONS,
  ROLE_DESCRIPTION_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
} from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope, okEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { changeRole, createRole, listRoles, type RoleInput, removeRole } from './role-service.ts';

export const roleSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'description',
    'permissions',
    'builtIn',
    'requiresTwoFactor',
    'holders',
    'assignable',
    'updatedAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
    /** admin, merchant, support, operator: kept by the product, read-only. */
    builtIn: { type: 'boolean' },
    /** Holders sign in with a second factor; those without one enrol at sign-in. */
    requiresTwoFactor: { type: 'boolean' },
    /** How many users hold the role. */
    holders: { type: 'integer' },
    /** The caller holds every permission of the role, so may give it to a user. */
    assignable: { type: 'boolean' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** A role, named #/components/schemas/Role. */
export const roleComponent = sharedSchema('Role', roleSchema);

const roleBody = {
  type: 'object',
  required: ['name', 'permissions'],
  additionalProperties: false,
  properties: {
    // Longer than the rules (with room for the spaces they trim) so that the service answers
    // with its own messages.
    name: { type: 'string', maxLength: ROLE_NAME_MAX_LENGTH * 4 },
    description: { type: 'string', maxLength: ROLE_DESCRIPTION_MAX_LENGTH * 2 },
    permissions: {
      type: 'array',
      maxItems: ALL_PERMISSIONS.length * 2,
      items: { type: 'string', maxLength: 100 },
    },
    requiresTwoFactor: { type: 'boolean' },
  },
} as const;

const roleIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: recordIdSchema },
} as const;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const MANAGE_ROLES = { access: { permissions: ['role.manage'] } } as const;
/** A security action: the session must have authenticated recently (modules/auth/recent-authentication.ts). */
const MANAGE_ROLES_SECURELY = { ...MANAGE_ROLES, recentAuthentication: true } as const;

/**
 * Roles (issue 22 item 2, decision 0019): GET/POST /api/v1/roles, PUT/DELETE /api/v1/roles/{id}.
 * The list is also read by whoever manages users, to choose roles.
 */
export const roleRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  addSharedSchemas(app, [roleComponent]);
  app.get(
    '/api/v1/roles',
    {
      config: { access: { anyOf: ['role.manage', 'user.manage', 'user.manage.own'] } },
      schema: {
        tags: ['staff'],
        operationId: 'listRoles',
        summary: 'Every role, built-in first; `assignable` says whether the caller may give it',
        response: { 200: dataEnvelope({ type: 'array', items: roleComponent.ref }), ...errors },
      },
    },
    async (request) => ({ data: await listRoles(db, requirePerson(request.person)) }),
  );

  app.post<{ Body: RoleInput }>(
    '/api/v1/roles',
    {
      config: MANAGE_ROLES_SECURELY,
      schema: {
        tags: ['staff'],
        operationId: 'createRole',
        summary: 'Create a custom role from permissions the caller holds',
        body: roleBody,
        response: { 201: dataEnvelope(roleComponent.ref), ...errors },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const role = await createRole(db, { person, sourceIp: request.ip }, request.body);
      return reply.code(201).send({ data: role });
    },
  );

  app.put<{ Params: { id: number }; Body: RoleInput }>(
    '/api/v1/roles/:id',
    {
      config: MANAGE_ROLES_SECURELY,
      schema: {
        tags: ['staff'],
        operationId: 'updateRole',
        summary: 'Change a custom role; its holders have the new permissions at their next request',
        params: roleIdParams,
        body: roleBody,
        response: { 200: dataEnvelope(roleComponent.ref), ...errors },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      return { data: await changeRole(db, { person, sourceIp: request.ip }, id, request.body) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/roles/:id',
    {
      config: MANAGE_ROLES,
      schema: {
        tags: ['staff'],
        operationId: 'deleteRole',
        summary: 'Delete a custom role nobody holds',
        params: roleIdParams,
        response: {
          200: okEnvelope,
          ...errors,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      await removeRole(db, { person, sourceIp: request.ip }, request.params.id);
      return { data: { ok: true } };
    },
  );
};
