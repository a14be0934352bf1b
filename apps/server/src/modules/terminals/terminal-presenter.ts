import { recordIdSchema } from '../../http/record-id.ts';
import { sharedSchema } from '../../http/shared-schemas.ts';
import { merchantIdQueryProperty } from '../auth/auth-entry.ts';
import type {
  CurrencyRef,
  TerminalAttributeRow,
  TerminalPoolRow,
  TerminalRecord,
} from './terminal-repository.ts';

/** The JSON of terminals, their attributes and terminal pools: schemas and presenters. */

export const idSchema = recordIdSchema;

/** The optional merchant choice of merchant.rw.all holders. */
export const merchantIdQuery = merchantIdQueryProperty;

export const terminalIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idSchema },
} as const;

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

/** A terminal with its attributes, named #/components/schemas/TerminalDetails. */
export const terminalDetailsComponent = sharedSchema('TerminalDetails', terminalDetailSchema);

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

/** An attribute of a terminal (decision 0004: `attributeId` is the attribute type). */
export const presentAttribute = (row: TerminalAttributeRow) => ({
  id: row.id,
  attributeId: row.attributeTypeId,
  value: row.value,
  attrType: { id: row.attributeTypeId, value: row.typeValue, code: row.typeCode },
  paramType: { code: row.paramType },
});

export const presentTerminalPool = (row: TerminalPoolRow) => ({
  id: row.id,
  name: row.name,
  status:
    row.statusId === null
      ? null
      : { id: row.statusId, value: row.statusValue ?? '', code: row.statusCode },
  type:
    row.typeId === null ? null : { id: row.typeId, value: row.typeValue ?? '', code: row.typeCode },
});
