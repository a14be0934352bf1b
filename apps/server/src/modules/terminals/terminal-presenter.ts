import { canReadTerminalAttributes } from '@paygate/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, referenceItems, terminalAttributes, terminals } from '../../db/schema.ts';
import { notFound } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';
import {
  type MerchantScope,
  merchantIdQueryProperty,
  merchantScopeOf,
  scopeAllows,
} from '../auth/merchant-scope.ts';

export const idSchema = recordIdSchema;

/** The optional merchant choice of merchant.rw.all holders. */
export const merchantIdQuery = merchantIdQueryProperty;

export const terminalIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idSchema },
} as const;

export const TERMINAL_NOT_FOUND = 'Terminal not found';

const nullableReferenceSchema = {
  type: ['object', 'null'],
  required: ['id', 'value', 'code'],
  properties: {
    id: { type: 'integer' },
    value: { type: 'string' },
    code: { type: ['string', 'null'] },
  },
} as const;

export const terminalProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  paymentFlow: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] },
  currency: {
    type: 'object',
    required: ['id', 'code', 'dimension'],
    properties: {
      id: { type: 'integer' },
      code: { type: 'string' },
      dimension: { type: 'integer' },
    },
  },
  isTest: { type: 'boolean', description: 'Test mode: invoices are test-processing' },
  enable: { type: 'boolean' },
  merchantId: { type: 'integer' },
  terminalPoolId: { type: ['integer', 'null'] },
} as const;

const terminalRequired = Object.keys(terminalProperties);

export const terminalSchema = {
  type: 'object',
  required: terminalRequired,
  properties: terminalProperties,
} as const;

export const terminalAttributeSchema = {
  type: 'object',
  required: ['id', 'attributeId', 'value', 'attrType', 'paramType'],
  properties: {
    id: { type: 'integer', description: 'Id of this terminal’s attribute row' },
    attributeId: {
      type: 'integer',
      description:
        'The attribute type (reference list 105; the same as attrType.id). A terminal has at ' +
        'most one attribute of a type, so this names the attribute (DELETE ?attributeId=).',
    },
    value: { type: 'string' },
    attrType: {
      type: 'object',
      required: ['id', 'value', 'code'],
      properties: {
        id: { type: 'integer' },
        value: { type: 'string' },
        code: { type: ['string', 'null'] },
      },
    },
    paramType: {
      type: 'object',
      required: ['code'],
      properties: { code: { type: ['string', 'null'], enum: ['I', 'S', 'C', 'B', 'N', null] } },
    },
  },
} as const;

export const terminalDetailSchema = {
  type: 'object',
  required: terminalRequired,
  properties: {
    ...terminalProperties,
    attributes: {
      type: 'array',
      items: terminalAttributeSchema,
      description: 'Present only for holders of terminal.attr.read',
    },
  },
} as const;

export const terminalPoolSchema = {
  type: 'object',
  required: ['id', 'name', 'status', 'type'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: nullableReferenceSchema,
    type: nullableReferenceSchema,
  },
} as const;

export type TerminalRecord = typeof terminals.$inferSelect;

interface CurrencyRef {
  id: number;
  code: string;
  dimension: number;
}

export const presentTerminal = (terminal: TerminalRecord, currency: CurrencyRef) => ({
  id: terminal.id,
  name: terminal.name,
  paymentFlow: terminal.flowType,
  currency: { id: currency.id, code: currency.code.trim(), dimension: currency.dimension },
  isTest: terminal.isTest,
  enable: terminal.enabled,
  merchantId: terminal.merchantId,
  terminalPoolId: terminal.terminalPoolId,
});

/** The terminal with its currency, or null; no scope check. */
export const selectTerminalWithCurrency = async (db: Database, terminalId: number) => {
  const [row] = await db
    .select({
      terminal: terminals,
      currency: { id: currencies.id, code: currencies.code, dimension: currencies.dimension },
    })
    .from(terminals)
    .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
    .where(eq(terminals.id, terminalId));
  return row ?? null;
};

/** A terminal's attributes in the order of their types in reference list 105. */
export const selectTerminalAttributes = async (db: Database, terminalId: number) => {
  const rows = await db
    .select({
      id: terminalAttributes.id,
      attributeTypeId: terminalAttributes.attributeTypeId,
      value: terminalAttributes.value,
      typeValue: referenceItems.value,
      typeCode: referenceItems.code,
      paramType: referenceItems.paramType,
    })
    .from(terminalAttributes)
    .innerJoin(referenceItems, eq(referenceItems.id, terminalAttributes.attributeTypeId))
    .where(eq(terminalAttributes.terminalId, terminalId))
    .orderBy(asc(referenceItems.sortOrder), asc(terminalAttributes.id));
  return rows.map((row) => ({
    id: row.id,
    attributeId: row.attributeTypeId,
    value: row.value,
    attrType: { id: row.attributeTypeId, value: row.typeValue, code: row.typeCode },
    paramType: { code: row.paramType },
  }));
};

/**
 * One terminal for the caller: 404 when it does not exist or belongs to a merchant outside the
 * caller's scope (the same answer, so ids cannot be probed). Attributes only for holders of
 * terminal.attr.read; for others the field is left out rather than empty, so "no attributes"
 * and "not allowed to see them" never look alike.
 */
export const presentVisibleTerminal = async (
  db: Database,
  person: AuthenticatedPerson,
  terminalId: number,
  scope: MerchantScope = merchantScopeOf(person),
) => {
  const row = await selectTerminalWithCurrency(db, terminalId);
  if (!row || !scopeAllows(scope, row.terminal.merchantId)) throw notFound(TERMINAL_NOT_FOUND);
  const terminal = presentTerminal(row.terminal, row.currency);
  if (!canReadTerminalAttributes(person)) return terminal;
  return { ...terminal, attributes: await selectTerminalAttributes(db, terminalId) };
};

/**
 * Reads a terminal and locks its row until the transaction ends, so changes to one terminal
 * (and settlements against its balance) queue up. 404 outside the caller's scope.
 */
export const lockVisibleTerminal = async (
  tx: Database,
  scope: MerchantScope,
  terminalId: number,
): Promise<TerminalRecord> => {
  const [terminal] = await tx
    .select()
    .from(terminals)
    .where(eq(terminals.id, terminalId))
    .for('update');
  if (!terminal || !scopeAllows(scope, terminal.merchantId)) throw notFound(TERMINAL_NOT_FOUND);
  return terminal;
};
