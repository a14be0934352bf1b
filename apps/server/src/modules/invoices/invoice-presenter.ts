import {
  hasPermission,
  hasSandboxRequisite,
  SANDBOX_BANK_NAME,
  SANDBOX_PROVIDER_NAME,
  SANDBOX_REQUISITE_OWNER,
} from '@paygate/domain';
import { minorUnitsJson } from '../../http/money-json.ts';
import { sharedSchema } from '../../http/shared-schemas.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import type { InvoiceRow } from './invoice-read-repository.ts';

/**
 * The JSON of an invoice. Provider invoice ids and credentials are sent only to holders of
 * invoice.provider.read and invoice.credentials.read: hiding them in the UI is not enough.
 */
export const presentInvoice = (row: InvoiceRow, person: AuthenticatedPerson) => {
  const showProvider = hasPermission(person, 'invoice.provider.read');
  const showCredentials = hasPermission(person, 'invoice.credentials.read');
  return {
    invoiceId: row.id,
    merchantId: row.merchantId,
    merchantInvoiceId: row.merchantInvoiceId,
    providerInvoiceId: showProvider ? row.providerInvoiceId : null,
    amount: minorUnitsJson(row.amount),
    fee: minorUnitsJson(row.fee),
    currency: { code: row.currencyCode.trim(), dimension: row.currencyDimension },
    flowType: { code: row.flowType },
    invoiceStatus: { id: row.statusId, code: row.status, value: row.statusValue ?? row.status },
    statusDate: row.statusDate.toISOString(),
    createdDate: row.createdAt.toISOString(),
    isTestProcessing: row.isTestProcessing,
    customer: {
      externalId: row.customerExternalId,
      people: { firstName: row.customerFirstName, lastName: row.customerLastName },
    },
    terminal: { id: row.terminalId, name: row.terminalName },
    paymentMethod:
      row.paymentMethodId === null
        ? null
        : { id: row.paymentMethodId, name: row.paymentMethodName },
    account: showCredentials && row.credentialValue ? { value: row.credentialValue } : null,
    credentials: !showCredentials
      ? null
      : // The sandbox's requisites (decision 0008): its bank, owner and provider, not empty.
        hasSandboxRequisite(row)
        ? {
            bankName: SANDBOX_BANK_NAME,
            owner: SANDBOX_REQUISITE_OWNER,
            provider: SANDBOX_PROVIDER_NAME,
          }
        : { bankName: row.bankName, owner: row.ownerName, provider: row.providerName },
  };
};

const nullableString = { type: ['string', 'null'] } as const;

export const invoiceSchema = {
  type: 'object',
  required: [
    'invoiceId',
    'merchantInvoiceId',
    'amount',
    'fee',
    'currency',
    'flowType',
    'invoiceStatus',
    'statusDate',
    'createdDate',
    'isTestProcessing',
    'customer',
    'terminal',
  ],
  properties: {
    invoiceId: { type: 'string', format: 'uuid' },
    merchantId: { type: 'integer' },
    merchantInvoiceId: { type: 'string' },
    providerInvoiceId: nullableString,
    amount: { type: 'integer', description: 'Minor units' },
    fee: { type: 'integer', description: 'Minor units' },
    currency: {
      type: 'object',
      properties: { code: { type: 'string' }, dimension: { type: 'integer' } },
    },
    flowType: {
      type: 'object',
      properties: { code: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] } },
    },
    invoiceStatus: {
      type: 'object',
      properties: {
        id: { type: ['integer', 'null'] },
        code: { type: 'string' },
        value: { type: 'string' },
      },
    },
    statusDate: { type: 'string', format: 'date-time' },
    createdDate: { type: 'string', format: 'date-time' },
    isTestProcessing: { type: 'boolean' },
    customer: {
      type: 'object',
      properties: {
        externalId: { type: 'string' },
        people: {
          type: 'object',
          properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
        },
      },
    },
    terminal: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    paymentMethod: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    account: { type: ['object', 'null'], properties: { value: { type: 'string' } } },
    credentials: {
      type: ['object', 'null'],
      properties: { bankName: nullableString, owner: nullableString, provider: nullableString },
    },
  },
} as const;

/** An invoice of the back office's answers, named #/components/schemas/Invoice. */
export const invoiceComponent = sharedSchema('Invoice', invoiceSchema);
