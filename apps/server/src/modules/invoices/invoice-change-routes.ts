import { SIMULATED_STATUSES, type SimulatedStatus } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import {
  changeStatusByHand,
  correctAmount,
  retryByRequest,
  simulateOutcome,
} from './invoice-change-service.ts';
import { invoiceComponent } from './invoice-presenter.ts';
import { presentInvoiceById } from './invoice-read-service.ts';

const invoiceIdProperty = { invoiceId: { type: 'string', format: 'uuid' } } as const;

const changeResponses = {
  200: dataEnvelope(invoiceComponent.ref),
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
} as const;

/** Manual changes to an invoice (SPEC §4, §7): status, amount, retry of a withdrawal. */
export const invoiceChangeRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [invoiceComponent]);
  app.post<{ Body: { invoiceId: string; status: SimulatedStatus } }>(
    '/api/v1/invoice/simulate',
    {
      // The Developers permission: integrators drive their test invoices' callbacks.
      config: { access: { permissions: ['merchant.keys'] } },
      schema: {
        tags: ['invoice changes'],
        operationId: 'simulateInvoice',
        summary: 'Simulate the outcome of a test invoice (paid or declined) at once',
        description:
          'Only test-processing invoices, NEW or IN_PROGRESS: the sandbox provider settles it ' +
          'now, with the callbacks a real outcome sends.',
        body: {
          type: 'object',
          required: ['invoiceId', 'status'],
          additionalProperties: false,
          properties: {
            ...invoiceIdProperty,
            status: { type: 'string', enum: [...SIMULATED_STATUSES] },
          },
        },
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { invoiceId, status } = request.body;
      await simulateOutcome(db, { person, invoiceId, sourceIp: request.ip }, status);
      return { data: await presentInvoiceById(db, person, invoiceId) };
    },
  );

  app.patch<{ Body: { invoiceId: string; statusId: number } }>(
    '/api/v1/invoice/status',
    {
      // invoice.status.change, or any signed-in person on a test-processing invoice (SPEC §4).
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoice changes'],
        operationId: 'setInvoiceStatus',
        summary: 'Set an invoice’s status by hand',
        description:
          'statusId is an item of the payment status list (reference 201). Needs ' +
          'invoice.status.change unless the invoice is a test-processing one.',
        body: {
          type: 'object',
          required: ['invoiceId', 'statusId'],
          additionalProperties: false,
          properties: { ...invoiceIdProperty, statusId: recordIdSchema },
        },
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { invoiceId, statusId } = request.body;
      await changeStatusByHand(db, { person, invoiceId, sourceIp: request.ip }, statusId);
      return { data: await presentInvoiceById(db, person, invoiceId) };
    },
  );

  app.patch<{ Body: { invoiceId: string; amount: number } }>(
    '/api/v1/invoice/amount',
    {
      config: { access: { permissions: ['invoice.amount.change'] } },
      schema: {
        tags: ['invoice changes'],
        operationId: 'changeInvoiceAmount',
        summary: 'Correct an invoice’s amount (minor units)',
        description:
          'The new amount must be positive and at most the currency’s maximum. An invoice with ' +
          'an outcome sends its merchant a new callback with the corrected amount.',
        body: {
          type: 'object',
          required: ['invoiceId', 'amount'],
          additionalProperties: false,
          properties: {
            ...invoiceIdProperty,
            amount: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { invoiceId } = request.body;
      await correctAmount(
        db,
        { person, invoiceId, sourceIp: request.ip },
        BigInt(request.body.amount),
      );
      return { data: await presentInvoiceById(db, person, invoiceId) };
    },
  );

  app.post<{ Body: { invoiceId: string } }>(
    '/api/v1/invoice/retry',
    {
      // The invoice's own merchant's users, or invoice.status.change (decision 0006): checked
      // by the handler once the invoice is known.
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoice changes'],
        operationId: 'retryWithdrawal',
        summary: 'Send a withdrawal to the provider again',
        description:
          'Only withdrawals that are not CANCELED or DONE (SPEC §4). Opens a new provider ' +
          'transaction; a NEW or DECLINED withdrawal goes back to IN_PROGRESS, which needs the ' +
          'merchant’s balance to cover the payout (409 otherwise). Allowed to the users of the ' +
          'invoice’s own merchant and to holders of invoice.status.change.',
        body: {
          type: 'object',
          required: ['invoiceId'],
          additionalProperties: false,
          properties: invoiceIdProperty,
        },
        response: changeResponses,
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { invoiceId } = request.body;
      await retryByRequest(db, { person, invoiceId, sourceIp: request.ip });
      return { data: await presentInvoiceById(db, person, invoiceId) };
    },
  );
};
