import { LEAST_PAYMENT_AMOUNT_MINOR } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { presentForm } from './payment-form-presenter.ts';
import {
  errorResponses,
  type FormIdParams,
  formIdParams,
  nullableString,
  paymentFormComponent,
} from './payment-form-schemas.ts';
import {
  chooseMethod,
  completeForm,
  formStatusLookup,
  openForm,
  sbpBanksOfForm,
} from './payment-form-service.ts';
import { LOWEST_SBP_BANK_CODE } from './payout-request-service.ts';

/** The body's optional formId must name the form of the address. */
const checkBodyFormId = (params: FormIdParams, body: { formId?: string }) => {
  if (body.formId !== undefined && body.formId !== params.formId) {
    throw badRequest('formId does not match the address');
  }
};

/** The hosted payment form's calls (SPEC §7 "Payment form"); public, addressed by form id. */
export const paymentFormRoutes = async (
  app: FastifyInstance,
  { db, verificationSecret }: { db: Database; verificationSecret: string },
) => {
  addSharedSchemas(app, [paymentFormComponent]);
  app.post<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/init',
    {
      schema: {
        tags: ['payment form'],
        operationId: 'initPaymentForm',
        // Public: no credential; each call proves itself by the form id (and the support code).
        security: [],
        summary: 'Everything the form shows, and the key for the credential call',
        params: formIdParams,
        response: { 200: dataEnvelope(paymentFormComponent.ref), ...errorResponses },
      },
    },
    async (request) => ({
      data: presentForm(await openForm(db, verificationSecret, request.params.formId)),
    }),
  );

  app.post<{
    Params: FormIdParams;
    Body: { amount: number; formId: string; paymentMethodId: number; supportCode: string };
  }>(
    '/api/payments/form/:formId/credential',
    {
      schema: {
        tags: ['payment form'],
        operationId: 'choosePaymentMethod',
        security: [],
        summary: 'Choose method and amount; a deposit gets the requisites to pay to',
        body: {
          type: 'object',
          required: ['amount', 'paymentMethodId', 'supportCode'],
          // A misspelt field is named (400), not silently ignored.
          additionalProperties: false,
          properties: {
            amount: {
              type: 'integer',
              minimum: LEAST_PAYMENT_AMOUNT_MINOR,
              maximum: Number.MAX_SAFE_INTEGER,
            },
            formId: { type: 'string', maxLength: 64 },
            paymentMethodId: recordIdSchema,
            supportCode: { type: 'string', maxLength: 128 },
          },
        },
        params: formIdParams,
        response: { 200: dataEnvelope(paymentFormComponent.ref), ...errorResponses },
      },
    },
    async (request) => {
      checkBodyFormId(request.params, request.body);
      const { amount, paymentMethodId, supportCode } = request.body;
      const form = await chooseMethod(db, verificationSecret, request.params.formId, {
        amount: BigInt(amount),
        paymentMethodId,
        supportCode,
      });
      return { data: presentForm(form) };
    },
  );

  app.post<{
    Params: FormIdParams;
    Body: { credential?: string; formId?: string; bankCodeInteger?: number };
  }>(
    '/api/payments/form/:formId/complete',
    {
      schema: {
        tags: ['payment form'],
        operationId: 'completePaymentForm',
        security: [],
        summary:
          'Deposit: the customer says they paid. Withdrawal: the phone (and bank) to pay out to',
        params: formIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            credential: { type: 'string', maxLength: 64 },
            formId: { type: 'string', maxLength: 64 },
            bankCodeInteger: { type: 'integer', minimum: LOWEST_SBP_BANK_CODE },
          },
        },
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['successUrl'],
            properties: { successUrl: nullableString },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      checkBodyFormId(request.params, request.body);
      const invoice = await completeForm(db, request.params.formId, request.body, request.ip);
      return { data: { successUrl: invoice.successUrl } };
    },
  );

  // The most frequent call of all (every open form polls it): concurrent polls share a query.
  const formStatusOf = formStatusLookup(db);

  app.post<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/status',
    {
      // A bodiless call answered with some 80 bytes: nothing to decompress, nothing worth
      // compressing, so the plugin's three hooks stay off the busiest route (issue 10).
      compress: false,
      decompress: false,
      schema: {
        tags: ['payment form'],
        operationId: 'getPaymentStatus',
        security: [],
        summary: 'The payment status, polled by the form',
        params: formIdParams,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['status', 'invoiceId'],
            properties: { status: { type: 'string' }, invoiceId: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await formStatusOf(request.params.formId) }),
  );

  app.get<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/banks/sbp',
    {
      schema: {
        tags: ['payment form'],
        operationId: 'listSbpBanks',
        security: [],
        summary: 'Banks of the fast payment system (reference list 205)',
        params: formIdParams,
        response: {
          200: dataEnvelope({
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'value', 'codeInteger'],
              properties: {
                id: { type: 'integer' },
                value: { type: 'string' },
                codeInteger: { type: 'integer' },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await sbpBanksOfForm(db, request.params.formId) }),
  );
};
