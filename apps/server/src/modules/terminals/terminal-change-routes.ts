import { TERMINAL_MANAGER_PERMISSIONS } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { merchantScopeOf, requirePerson } from '../auth/auth-entry.ts';
import {
  createTerminal,
  type NewTerminal,
  removeAttribute,
  saveTerminal,
  switchTerminal,
  type TerminalSave,
} from './terminal-change-service.ts';
import {
  idSchema,
  merchantIdQuery,
  terminalDetailsComponent,
  terminalIdParams,
} from './terminal-presenter.ts';
import { presentVisibleTerminal } from './terminal-read-service.ts';

const nameProperty = { type: 'string', maxLength: 200 } as const;

const changeResponses = {
  200: dataEnvelope(terminalDetailsComponent.ref),
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;

const createBody = {
  type: 'object',
  required: ['name', 'flowTypeId', 'currencyId'],
  additionalProperties: false,
  properties: {
    name: nameProperty,
    flowTypeId: { ...idSchema, description: 'An item of the flow type list (reference 200)' },
    currencyId: { ...idSchema, description: 'A currency id (GET /api/v1/reference/currency)' },
  },
} as const;

const switchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enable: { type: 'boolean' },
    isTest: { type: 'boolean' },
  },
} as const;

const MAX_ATTRIBUTES_PER_SAVE = 100;

const saveBody = {
  type: 'object',
  required: ['name', 'attributes'],
  additionalProperties: false,
  properties: {
    name: nameProperty,
    attributes: {
      type: 'array',
      maxItems: MAX_ATTRIBUTES_PER_SAVE,
      items: {
        // Further properties (id, paramType… of the attribute as it was read) are ignored.
        type: 'object',
        required: ['attrType'],
        properties: {
          // Missing or null is an empty value (dropped on save, SPEC §5); other types are refused.
          value: { type: ['string', 'null'], maxLength: 10_000 },
          attrType: {
            type: 'object',
            required: ['id'],
            properties: { id: idSchema },
          },
        },
      },
    },
  },
} as const;

const removeAttributeQuery = {
  type: 'object',
  required: ['attributeId'],
  additionalProperties: false,
  properties: {
    attributeId: {
      ...idSchema,
      description: 'The attribute type of the attribute to remove (attributeId of GET)',
    },
    ...merchantIdQuery,
  },
} as const;

/** Create, switch mode, save and remove an attribute (SPEC §7 terminal calls that change). */
export const terminalChangeRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [terminalDetailsComponent]);
  app.post<{ Params: { id: number }; Body: NewTerminal }>(
    '/api/v1/terminal/merchantId=:id',
    {
      config: { access: { permissions: ['terminal.create'] } },
      schema: {
        tags: ['terminals'],
        operationId: 'createTerminal',
        summary: 'Create a terminal for a merchant; it starts enabled, in test mode',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { ...idSchema, description: 'The merchant' } },
        },
        body: createBody,
        response: {
          201: dataEnvelope(terminalDetailsComponent.ref),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const changer = { person, sourceIp: request.ip };
      const terminalId = await createTerminal(db, changer, request.params.id, request.body);
      return reply.code(201).send({ data: await presentVisibleTerminal(db, person, terminalId) });
    },
  );

  app.patch<{
    Params: { id: number };
    Querystring: { merchantId?: number };
    Body: { enable?: boolean; isTest?: boolean };
  }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGER_PERMISSIONS } },
      schema: {
        tags: ['terminals'],
        operationId: 'switchTerminal',
        summary: 'Switch a terminal on or off, or between test and production',
        description:
          'Needs terminal.create or terminal.prod.change. Changing isTest (either way) needs ' +
          'terminal.prod.change. A value equal to the current one changes nothing.',
        params: terminalIdParams,
        querystring: { type: 'object', additionalProperties: false, properties: merchantIdQuery },
        body: switchBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const changer = { person, sourceIp: request.ip };
      await switchTerminal(db, changer, scope, request.params.id, request.body);
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );

  app.put<{ Params: { id: number }; Querystring: { merchantId?: number }; Body: TerminalSave }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGER_PERMISSIONS } },
      schema: {
        tags: ['terminals'],
        operationId: 'saveTerminal',
        summary: 'Save a terminal: its name, and attribute values to add or change',
        description:
          'Attributes with an empty value are dropped (SPEC §5); attributes not listed stay as ' +
          'they are (remove one with DELETE). Adding or changing an attribute needs ' +
          'terminal.attr.read and terminal.prod.change; sending attributes unchanged does not.',
        params: terminalIdParams,
        querystring: { type: 'object', additionalProperties: false, properties: merchantIdQuery },
        body: saveBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const changer = { person, sourceIp: request.ip };
      await saveTerminal(db, changer, scope, request.params.id, request.body);
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );

  app.delete<{ Params: { id: number }; Querystring: { attributeId: number; merchantId?: number } }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGER_PERMISSIONS } },
      schema: {
        tags: ['terminals'],
        operationId: 'removeTerminalAttribute',
        summary: 'Remove one attribute of a terminal',
        description:
          'attributeId is the attribute’s type (attributeId of GET /api/v1/terminal/:id). Needs ' +
          'terminal.attr.read and terminal.prod.change.',
        params: terminalIdParams,
        querystring: removeAttributeQuery,
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const changer = { person, sourceIp: request.ip };
      await removeAttribute(db, changer, scope, request.params.id, request.query.attributeId);
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );
};
