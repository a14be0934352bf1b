/** Query of the per-invoice reads of SPEC §7 (?invoiceId=...). */
export const invoiceIdQuerySchema = {
  type: 'object',
  required: ['invoiceId'],
  additionalProperties: false,
  properties: { invoiceId: { type: 'string', format: 'uuid' } },
} as const;

export type InvoiceIdQuery = { invoiceId: string };
