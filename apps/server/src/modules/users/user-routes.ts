import {
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  USER_MANAGEMENT_PERMISSIONS,
} from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope, okEnvelope, pageEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { checkPasswordLink, setPasswordWithLink } from './password-link-service.ts';
import {
  changeUser,
  createUser,
  endUserSessions,
  listUsers,
  type NewUser,
  resetUserPassword,
  resetUserTwoFactor,
  type UserChange,
  userDetails,
} from './user-service.ts';

const userSchema = {
  type: 'object',
  required: [
    'id',
    'username',
    'firstName',
    'lastName',
    'merchantId',
    'merchantName',
    'roles',
    'permissions',
    'enabled',
    'hasPassword',
    'twoFactorEnabled',
    'createdAt',
    'lastSignInAt',
    'liveSessions',
    'manageable',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    /** Null: platform staff. */
    merchantId: { type: ['integer', 'null'] },
    merchantName: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
    permissions: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    /** False until the user sets a password through their one-time link. */
    hasPassword: { type: 'boolean' },
    /** Signs in with a second factor (TOTP). */
    twoFactorEnabled: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    lastSignInAt: { type: ['string', 'null'], format: 'date-time' },
    /** Sessions not ended and not expired. */
    liveSessions: { type: 'integer' },
    /** The caller may change, deactivate, reset and sign out this user. */
    manageable: { type: 'boolean' },
  },
} as const;

/** A back-office user, named #/components/schemas/User. */
const userComponent = sharedSchema('User', userSchema);

const passwordLinkSchema = {
  type: 'object',
  required: ['token', 'path', 'expiresAt'],
  additionalProperties: false,
  properties: {
    token: { type: 'string' },
    /** The back office's set-password page; shown once, valid 24 hours and once. */
    path: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** A one-time set-password link, named #/components/schemas/PasswordLink. */
const passwordLinkComponent = sharedSchema('PasswordLink', passwordLinkSchema);

const nameSchema = { type: 'string', maxLength: PERSON_NAME_MAX_LENGTH * 2 } as const;
const roleNamesSchema = {
  type: 'array',
  maxItems: 50,
  items: { type: 'string', maxLength: 256 },
} as const;

const createBody = {
  type: 'object',
  required: ['username', 'firstName', 'lastName', 'merchantId', 'roles'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', maxLength: 256 },
    firstName: nameSchema,
    lastName: nameSchema,
    merchantId: { anyOf: [recordIdSchema, { type: 'null' }] },
    roles: roleNamesSchema,
  },
} as const;

const changeBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    firstName: nameSchema,
    lastName: nameSchema,
    roles: roleNamesSchema,
    enabled: { type: 'boolean' },
  },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
    search: { type: 'string', maxLength: 100 },
    enabled: { type: 'boolean' },
    merchantId: recordIdSchema,
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: recordIdSchema },
} as const;

const tokenParams = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const MANAGE_USERS = { access: { anyOf: USER_MANAGEMENT_PERMISSIONS } } as const;
/** A security action: the session must have authenticated recently (modules/auth/recent-authentication.ts). */
const MANAGE_USERS_SECURELY = { ...MANAGE_USERS, recentAuthentication: true } as const;

/**
 * Users (issue 22 item 1, decision 0019): GET/POST /api/v1/users, GET/PATCH /api/v1/users/{id},
 * POST /api/v1/users/{id}/password-reset, POST /api/v1/users/{id}/two-factor-reset,
 * DELETE /api/v1/users/{id}/sessions, and the public
 * one-time link: GET/POST /api/v1/password-reset/{token}.
 */
export const userRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  addSharedSchemas(app, [userComponent, passwordLinkComponent]);
  app.get<{
    Querystring: {
      page: number;
      size: number;
      search?: string;
      enabled?: boolean;
      merchantId?: number;
    };
  }>(
    '/api/v1/users',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['staff'],
        operationId: 'listUsers',
        summary: 'Back-office users the caller may see, by username, a page at a time',
        querystring: listQuery,
        response: {
          200: pageEnvelope(userComponent.ref),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await listUsers(db, requirePerson(request.person), request.query),
    }),
  );

  app.post<{ Body: NewUser }>(
    '/api/v1/users',
    {
      config: MANAGE_USERS_SECURELY,
      schema: {
        tags: ['staff'],
        operationId: 'createUser',
        summary: 'Add a user; the answer carries their one-time set-password link, shown once',
        body: createBody,
        response: {
          201: dataEnvelope({
            type: 'object',
            required: ['user', 'passwordLink'],
            properties: { user: userComponent.ref, passwordLink: passwordLinkComponent.ref },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const created = await createUser(db, { person, sourceIp: request.ip }, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/users/:id',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['staff'],
        operationId: 'getUser',
        summary: 'One user',
        params: idParams,
        response: { 200: dataEnvelope(userComponent.ref), ...errors },
      },
    },
    async (request) => ({
      data: await userDetails(db, requirePerson(request.person), request.params.id),
    }),
  );

  app.patch<{ Params: { id: number }; Body: UserChange }>(
    '/api/v1/users/:id',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['staff'],
        operationId: 'updateUser',
        summary: 'Change names or roles, deactivate (ends their sessions) or reactivate a user',
        description:
          'Giving a role or reactivating needs a recent sign-in (403 `reauthentication_required`); names, removing roles and deactivating do not.',
        params: idParams,
        body: changeBody,
        response: { 200: dataEnvelope(userComponent.ref), ...errors },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      return { data: await changeUser(db, { person, sourceIp: request.ip }, id, request.body) };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/users/:id/password-reset',
    {
      config: MANAGE_USERS_SECURELY,
      schema: {
        tags: ['staff'],
        operationId: 'resetUserPassword',
        summary: 'Reset a password: it stops working, sessions end, a one-time link is shown once',
        params: idParams,
        response: { 200: dataEnvelope(passwordLinkComponent.ref), ...errors },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      return {
        data: await resetUserPassword(db, { person, sourceIp: request.ip }, request.params.id),
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/users/:id/two-factor-reset',
    {
      config: MANAGE_USERS_SECURELY,
      schema: {
        tags: ['staff'],
        operationId: 'resetUserTwoFactor',
        summary:
          'Reset a second factor (a lost phone) and the password with it: both stop working, ' +
          'sessions end, a one-time set-password link is shown once',
        params: idParams,
        response: { 200: dataEnvelope(passwordLinkComponent.ref), ...errors },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      return {
        data: await resetUserTwoFactor(db, { person, sourceIp: request.ip }, request.params.id),
      };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/users/:id/sessions',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['staff'],
        operationId: 'endUserSessions',
        summary: 'End every session of a user; they are signed out at their next request',
        params: idParams,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['ended'],
            properties: { ended: { type: 'integer' } },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      return {
        data: await endUserSessions(db, { person, sourceIp: request.ip }, request.params.id),
      };
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/v1/password-reset/:token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['staff'],
        operationId: 'getPasswordLink',
        summary: 'Whose one-time set-password link this is (410 when expired or used)',
        params: tokenParams,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['username', 'expiresAt'],
            properties: {
              username: { type: 'string' },
              expiresAt: { type: 'string', format: 'date-time' },
            },
          }),
          400: errorResponseSchema,
          410: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await checkPasswordLink(db, request.params.token) }),
  );

  app.post<{ Params: { token: string }; Body: { newPassword: string } }>(
    '/api/v1/password-reset/:token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['staff'],
        operationId: 'setPasswordWithLink',
        summary: 'Set a password through a one-time link; every session of the user ends',
        params: tokenParams,
        body: {
          type: 'object',
          required: ['newPassword'],
          additionalProperties: false,
          properties: {
            newPassword: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
          },
        },
        response: {
          200: okEnvelope,
          400: errorResponseSchema,
          410: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await setPasswordWithLink(db, {
        token: request.params.token,
        newPassword: request.body.newPassword,
        sourceIp: request.ip,
      });
      return { data: { ok: true } };
    },
  );
};
