import {
  ATTRIBUTE_PARAM_TYPE_NAMES,
  type AttributeParamType,
  canReadTerminalAttributes,
  dropEmptyAttributes,
  FLOW_TYPES,
  type FlowType,
  hasPermission,
  isAttributeParamType,
  normaliseAttributeValue,
  REFERENCE_HEADER_IDS,
  validateAttributeValue,
  validateEntityName,
} from '@paygate/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  merchants,
  referenceItems,
  terminalAttributes,
  terminals,
} from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, forbidden, notFound } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { type AuthenticatedPerson, requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf, scopeAllows } from '../auth/merchant-scope.ts';
import {
  idSchema,
  lockVisibleTerminal,
  merchantIdQuery,
  presentVisibleTerminal,
  type TerminalRecord,
  terminalDetailSchema,
  terminalIdParams,
} from './terminal-presenter.ts';

/** Event codes of terminal changes, one per kind of change. */
export const TERMINAL_EVENT_CODES = {
  created: 'TERMINAL_CREATED',
  renamed: 'TERMINAL_RENAMED',
  enabled: 'TERMINAL_ENABLED',
  disabled: 'TERMINAL_DISABLED',
  switchedToProduction: 'TERMINAL_SWITCHED_TO_PRODUCTION',
  switchedToTest: 'TERMINAL_SWITCHED_TO_TEST',
  attributeSet: 'TERMINAL_ATTRIBUTE_SET',
  attributeRemoved: 'TERMINAL_ATTRIBUTE_REMOVED',
} as const;

/**
 * Who manages terminals: merchants' staff (terminal.create) and platform operators
 * (terminal.prod.change). Renaming and the enabled toggle need one of them.
 */
const TERMINAL_MANAGERS = ['terminal.create', 'terminal.prod.change'] as const;

/**
 * Attributes configure processing (fees, automatic confirmation, callback timeouts), so
 * changing them needs the permission that controls processing, terminal.prod.change, besides
 * seeing them (terminal.attr.read). See docs/decisions/0004.
 */
const canChangeAttributes = (person: AuthenticatedPerson): boolean =>
  canReadTerminalAttributes(person) && hasPermission(person, 'terminal.prod.change');

const CONTROL_CHARACTERS = /[\p{Cc}\p{Cs}]/u;

/** SPEC §5 name rule, plus characters PostgreSQL cannot store or a label should not hold. */
const nameError = (name: string): string | null =>
  validateEntityName(name) ??
  (CONTROL_CHARACTERS.test(name) ? 'Name must not contain control characters' : null);

const nameProperty = { type: 'string', maxLength: 200 } as const;

const changeResponses = {
  200: dataEnvelope(terminalDetailSchema),
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

interface SaveBody {
  name: string;
  attributes: Array<{ value?: string | null; attrType: { id: number } }>;
}

interface AttributeType {
  id: number;
  value: string;
  paramType: AttributeParamType;
}

/** The attribute types (reference list 105) of the given ids; 400 for an id of no such type. */
const loadAttributeTypes = async (
  db: Database,
  ids: number[],
): Promise<Map<number, AttributeType>> => {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: referenceItems.id,
            value: referenceItems.value,
            paramType: referenceItems.paramType,
          })
          .from(referenceItems)
          .where(
            and(
              inArray(referenceItems.id, ids),
              eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
            ),
          );
  const types = new Map<number, AttributeType>();
  for (const row of rows) {
    if (isAttributeParamType(row.paramType)) {
      types.set(row.id, { id: row.id, value: row.value, paramType: row.paramType });
    }
  }
  const unknown = ids.find((id) => !types.has(id));
  if (unknown !== undefined) throw badRequest(`Unknown attribute type ${unknown}`);
  return types;
};

/** Create, switch mode, save and remove an attribute (SPEC §7 terminal calls that change). */
export const terminalChangeRoutes = (app: FastifyInstance, db: Database) => {
  const audit = (
    tx: Database,
    terminal: TerminalRecord,
    person: AuthenticatedPerson,
    sourceIp: string,
    eventCode: string,
    description: string,
  ) =>
    recordEvent(tx, {
      eventCode,
      description,
      personId: person.id,
      merchantId: terminal.merchantId,
      entityType: 'terminal',
      entityId: terminal.id,
      sourceIp,
    });

  app.post<{
    Params: { id: number };
    Body: { name: string; flowTypeId: number; currencyId: number };
  }>(
    '/api/v1/terminal/merchantId=:id',
    {
      config: { access: { permissions: ['terminal.create'] } },
      schema: {
        tags: ['terminals'],
        summary: 'Create a terminal for a merchant; it starts enabled, in test mode',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { ...idSchema, description: 'The merchant' } },
        },
        body: createBody,
        response: {
          201: dataEnvelope(terminalDetailSchema),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const merchantId = request.params.id;
      // A merchant user creating for another merchant sees the same 404 as for none at all.
      if (!scopeAllows(merchantScopeOf(person), merchantId)) throw notFound('Merchant not found');
      const [merchant] = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      if (!merchant) throw notFound('Merchant not found');

      const { name, flowTypeId, currencyId } = request.body;
      const message = nameError(name);
      if (message) throw badRequest(message);
      const [flowItem] = await db
        .select({ code: referenceItems.code })
        .from(referenceItems)
        .where(
          and(
            eq(referenceItems.id, flowTypeId),
            eq(referenceItems.headerId, REFERENCE_HEADER_IDS.flowType),
          ),
        );
      const flowType = FLOW_TYPES.find((code) => code === flowItem?.code);
      if (!flowType) throw badRequest('Unknown flow type');
      const [currency] = await db
        .select({ id: currencies.id, code: currencies.code })
        .from(currencies)
        .where(eq(currencies.id, currencyId));
      if (!currency) throw badRequest('Unknown currency');

      const created = await db.transaction(async (tx) => {
        const [terminal] = await tx
          .insert(terminals)
          .values({
            merchantId,
            name: name.trim(),
            flowType: flowType satisfies FlowType,
            currencyId,
            // New terminals process test invoices until someone with terminal.prod.change
            // switches them to production (SPEC §4, §6).
            isTest: true,
            enabled: true,
          })
          .returning();
        if (!terminal) throw new Error('terminal insert returned nothing');
        await audit(
          tx,
          terminal,
          person,
          request.ip,
          TERMINAL_EVENT_CODES.created,
          `Terminal "${terminal.name}" created (${flowType}, ${currency.code.trim()}, test mode)`,
        );
        return terminal;
      });
      return reply.code(201).send({ data: await presentVisibleTerminal(db, person, created.id) });
    },
  );

  app.patch<{
    Params: { id: number };
    Querystring: { merchantId?: number };
    Body: { enable?: boolean; isTest?: boolean };
  }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGERS } },
      schema: {
        tags: ['terminals'],
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
      const { enable, isTest } = request.body;
      await db.transaction(async (tx) => {
        const terminal = await lockVisibleTerminal(tx, scope, request.params.id);
        const modeChanges = isTest !== undefined && isTest !== terminal.isTest;
        // Both directions: back to test makes new invoices test-processing, whose status
        // anyone may then set by hand (SPEC §4), so it is as sensitive as going live.
        if (modeChanges && !hasPermission(person, 'terminal.prod.change')) {
          throw forbidden('Switching between test and production needs terminal.prod.change');
        }
        const enableChanges = enable !== undefined && enable !== terminal.enabled;
        if (!modeChanges && !enableChanges) return;
        await tx
          .update(terminals)
          .set({
            ...(modeChanges ? { isTest } : {}),
            ...(enableChanges ? { enabled: enable } : {}),
          })
          .where(eq(terminals.id, terminal.id));
        if (modeChanges) {
          await audit(
            tx,
            terminal,
            person,
            request.ip,
            isTest
              ? TERMINAL_EVENT_CODES.switchedToTest
              : TERMINAL_EVENT_CODES.switchedToProduction,
            `Terminal "${terminal.name}" switched to ${isTest ? 'test' : 'production'}`,
          );
        }
        if (enableChanges) {
          await audit(
            tx,
            terminal,
            person,
            request.ip,
            enable ? TERMINAL_EVENT_CODES.enabled : TERMINAL_EVENT_CODES.disabled,
            `Terminal "${terminal.name}" ${enable ? 'enabled' : 'disabled'}`,
          );
        }
      });
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );

  app.put<{ Params: { id: number }; Querystring: { merchantId?: number }; Body: SaveBody }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGERS } },
      schema: {
        tags: ['terminals'],
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
      const message = nameError(request.body.name);
      if (message) throw badRequest(message);
      const name = request.body.name.trim();

      const attributes = dropEmptyAttributes(request.body.attributes);
      const typeIds = attributes.map(({ attrType }) => attrType.id);
      const repeated = typeIds.find((id, index) => typeIds.indexOf(id) !== index);
      if (repeated !== undefined) {
        throw badRequest(`Attribute type ${repeated} is given more than once`);
      }
      const types = await loadAttributeTypes(db, typeIds);
      const values = new Map<number, string>();
      for (const attribute of attributes) {
        const type = types.get(attribute.attrType.id);
        if (!type) throw badRequest(`Unknown attribute type ${attribute.attrType.id}`);
        const error = validateAttributeValue(type.paramType, attribute.value);
        if (error) throw badRequest(error);
        values.set(type.id, normaliseAttributeValue(attribute.value ?? ''));
      }

      await db.transaction(async (tx) => {
        const terminal = await lockVisibleTerminal(tx, scope, request.params.id);
        const current = new Map(
          (
            await tx
              .select({
                attributeTypeId: terminalAttributes.attributeTypeId,
                value: terminalAttributes.value,
              })
              .from(terminalAttributes)
              .where(eq(terminalAttributes.terminalId, terminal.id))
          ).map((row) => [row.attributeTypeId, row.value]),
        );
        const changed = [...values].filter(([typeId, value]) => current.get(typeId) !== value);
        if (changed.length > 0 && !canChangeAttributes(person)) {
          throw forbidden('Changing attributes needs terminal.attr.read and terminal.prod.change');
        }

        if (name !== terminal.name) {
          await tx.update(terminals).set({ name }).where(eq(terminals.id, terminal.id));
          await audit(
            tx,
            terminal,
            person,
            request.ip,
            TERMINAL_EVENT_CODES.renamed,
            `Terminal renamed from "${terminal.name}" to "${name}"`,
          );
        }
        if (changed.length === 0) return;
        await tx
          .insert(terminalAttributes)
          .values(
            changed.map(([attributeTypeId, value]) => ({
              terminalId: terminal.id,
              attributeTypeId,
              value,
            })),
          )
          .onConflictDoUpdate({
            target: [terminalAttributes.terminalId, terminalAttributes.attributeTypeId],
            set: { value: sql`excluded.value` },
          });
        for (const [typeId, value] of changed) {
          const type = types.get(typeId);
          const before = current.get(typeId);
          await audit(
            tx,
            terminal,
            person,
            request.ip,
            TERMINAL_EVENT_CODES.attributeSet,
            `Attribute "${type?.value ?? typeId}" (${type ? ATTRIBUTE_PARAM_TYPE_NAMES[type.paramType] : '?'}) ` +
              (before === undefined
                ? `set to "${value}"`
                : `changed from "${before}" to "${value}"`),
          );
        }
      });
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );

  app.delete<{ Params: { id: number }; Querystring: { attributeId: number; merchantId?: number } }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { anyOf: TERMINAL_MANAGERS } },
      schema: {
        tags: ['terminals'],
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
      const { attributeId } = request.query;
      await db.transaction(async (tx) => {
        const terminal = await lockVisibleTerminal(tx, scope, request.params.id);
        if (!canChangeAttributes(person)) {
          throw forbidden('Changing attributes needs terminal.attr.read and terminal.prod.change');
        }
        const [removed] = await tx
          .delete(terminalAttributes)
          .where(
            and(
              eq(terminalAttributes.terminalId, terminal.id),
              eq(terminalAttributes.attributeTypeId, attributeId),
            ),
          )
          .returning();
        if (!removed) throw notFound('Attribute not found');
        const [type] = await tx
          .select({ value: referenceItems.value })
          .from(referenceItems)
          .where(eq(referenceItems.id, attributeId));
        await audit(
          tx,
          terminal,
          person,
          request.ip,
          TERMINAL_EVENT_CODES.attributeRemoved,
          `Attribute "${type?.value ?? attributeId}" removed (was "${removed.value}")`,
        );
      });
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );
};
