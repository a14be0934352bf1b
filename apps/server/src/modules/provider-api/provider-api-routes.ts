import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { refuseUnknownQueryParameters } from '../../http/unknown-query-parameters.ts';
import {
  PROVIDER_API_SECURITY,
  registerProviderAuthentication,
  requireApiProvider,
} from './provider-auth.ts';
import { presentProviderInvoice } from './provider-invoice-presenter.ts';
import {
  applyProviderReport,
  findProviderInvoice,
  listPendingPayouts,
  PROVIDER_REPORTED_STATUSES,
  type ProviderStatusReport,
} from './provider-invoice-service.ts';

/** Provider API routes: production providers report payment outcomes and pull payouts. */
export const PROVIDER_API_PREFIX = '/api/provider/v1';

const TAGS = ['provider API'];
const SIGNATURE_NOTE =
  'Signed with the provider’s code and secret: X-Api-Key, X-Timestamp, X-Signature (docs/provider-api.md).';

const providerInvoiceSchema = {
  type: 'object',
  required: [
    'invoiceId',
    'flowType',
    'status',
    'amount',
    'currency',
    'paymentMethodCode',
    'peopleAccountId',
    'credential',
    'bankCodeInteger',
    'providerInvoiceId',
    'attempt',
    'createdAt',
    'statusDate',
  ],
  properties: {
    invoiceId: { type: 'string', format: 'uuid' },
    flowType: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] },
    status: { type: 'string' },
    amount: { type: 'integer', description: 'Minor units.' },
    currency: { type: 'string' },
    paymentMethodCode: { type: ['string', 'null'] },
    peopleAccountId: {
      type: ['integer', 'null'],
      description: 'Deposits: the provider’s people account the customer pays to.',
    },
    credential: {
      type: ['string', 'null'],
      description:
        'Deposits: the requisite shown to the customer. Withdrawals: the phone to pay out to.',
    },
    bankCodeInteger: {
      type: ['integer', 'null'],
      description: 'Fast-payment withdrawals: the recipient’s bank (reference 205 codeInteger).',
    },
    providerInvoiceId: {
      type: ['string', 'null'],
      description: 'Your id of the payment of the current attempt, once you reported it.',
    },
    attempt: {
      type: ['integer', 'null'],
      description:
        'Which attempt to move this money is current (1, then 2 after a retry, …); null before the first.',
    },
    createdAt: { type: 'string', format: 'date-time' },
    statusDate: { type: 'string', format: 'date-time' },
  },
} as const;

/** An invoice as the provider API answers it, named #/components/schemas/ProviderInvoice. */
const providerInvoiceComponent = sharedSchema('ProviderInvoice', providerInvoiceSchema);

const invoiceParams = {
  type: 'object',
  required: ['invoiceId'],
  additionalProperties: false,
  properties: { invoiceId: { type: 'string', format: 'uuid' } },
} as const;

const statusReportBody = {
  type: 'object',
  required: ['status', 'providerInvoiceId'],
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: [...PROVIDER_REPORTED_STATUSES],
      description:
        'PAYED: the money moved, confirmation follows. DONE: confirmed. DECLINED: failed or reversed.',
    },
    providerInvoiceId: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description:
        'Your id of the payment; the same on every report about one attempt. A retried payout is a new attempt: report it under a new id, or name it with `attempt`.',
    },
    attempt: {
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description:
        'The attempt reported on (the invoice’s `attempt`). Optional; when given, a report on an attempt that has ended is 409.',
    },
    reason: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'Why the payment failed; shown to support in the back office.',
    },
  },
} as const;

const DEFAULT_PAYOUT_PAGE = 50;
const MAX_PAYOUT_PAGE = 100;

const payoutQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAYOUT_PAGE, default: DEFAULT_PAYOUT_PAGE },
  },
} as const;

/**
 * The provider API: the authenticated endpoint through which production providers confirm or
 * decline payments (test-processing invoices are settled by the sandbox provider instead), and
 * the payout queue they pull withdrawals from. Its own encapsulated scope, like the merchant API.
 */
export const providerApiRoutes = async (
  app: FastifyInstance,
  { db, now }: { db: Database; now?: () => number },
): Promise<void> => {
  // Here, not in the encapsulated scope below: a scope that gains schemas loses the request
  // validator (see addEverySharedSchema).
  addSharedSchemas(app, [providerInvoiceComponent]);
  await app.register(
    async (scope) => {
      registerProviderAuthentication(scope, { db, ...(now ? { now } : {}) });

      scope.get<{ Querystring: { limit?: number } }>(
        '/payouts',
        {
          // Like the merchant API's lists: a misspelt parameter (limt=1) is refused, not ignored.
          preValidation: refuseUnknownQueryParameters(payoutQuerySchema),
          schema: {
            tags: TAGS,
            operationId: 'listProviderPayouts',
            summary: 'Withdrawals waiting to be paid out',
            description:
              `${SIGNATURE_NOTE} Requested withdrawals of terminals whose PAYOUT_PROVIDER is your ` +
              'code, oldest first. A withdrawal leaves the list once you report it; one re-queued ' +
              'by support (retry) comes back.',
            security: PROVIDER_API_SECURITY,
            querystring: payoutQuerySchema,
            response: {
              200: dataEnvelope({ type: 'array', items: providerInvoiceComponent.ref }),
              400: errorResponseSchema,
              401: errorResponseSchema,
              429: errorResponseSchema,
            },
          },
        },
        async (request) => {
          const provider = requireApiProvider(request);
          const rows = await listPendingPayouts(
            db,
            provider,
            request.query.limit ?? DEFAULT_PAYOUT_PAGE,
          );
          return { data: rows.map(presentProviderInvoice) };
        },
      );

      scope.get<{ Params: { invoiceId: string } }>(
        '/invoices/:invoiceId',
        {
          schema: {
            tags: TAGS,
            operationId: 'getProviderInvoice',
            summary: 'Read an invoice routed to you',
            description: `${SIGNATURE_NOTE} An invoice not routed to you is 404, like a missing one.`,
            security: PROVIDER_API_SECURITY,
            params: invoiceParams,
            response: {
              200: dataEnvelope(providerInvoiceComponent.ref),
              400: errorResponseSchema,
              401: errorResponseSchema,
              404: errorResponseSchema,
              429: errorResponseSchema,
            },
          },
        },
        async (request) => {
          const provider = requireApiProvider(request);
          const row = await findProviderInvoice(db, provider, request.params.invoiceId);
          return { data: presentProviderInvoice(row) };
        },
      );

      scope.post<{ Params: { invoiceId: string }; Body: ProviderStatusReport }>(
        '/invoices/:invoiceId/status',
        {
          schema: {
            tags: TAGS,
            operationId: 'reportProviderInvoiceStatus',
            summary: 'Report the outcome of a payment',
            description:
              `${SIGNATURE_NOTE} Moves the invoice through its state machine ` +
              '(docs/decisions/0006-invoice-lifecycle-and-operations.md): IN_PROGRESS → PAYED | ' +
              'DONE | DECLINED, PAYED → DONE | DECLINED. Repeating the current status answers ' +
              '200 with changed false, so a lost answer can be retried; any other report on a ' +
              'finished invoice, another providerInvoiceId than the attempt’s, or a report on an ' +
              'attempt that has ended (after a retry), is 409.',
            security: PROVIDER_API_SECURITY,
            params: invoiceParams,
            body: statusReportBody,
            response: {
              200: dataEnvelope({
                type: 'object',
                required: ['changed', 'invoice'],
                properties: { changed: { type: 'boolean' }, invoice: providerInvoiceComponent.ref },
              }),
              400: errorResponseSchema,
              401: errorResponseSchema,
              404: errorResponseSchema,
              409: errorResponseSchema,
              429: errorResponseSchema,
            },
          },
        },
        async (request) => {
          const { changed, invoice } = await applyProviderReport(
            db,
            requireApiProvider(request),
            request.params.invoiceId,
            request.body,
            request.ip,
          );
          return { data: { changed, invoice: presentProviderInvoice(invoice) } };
        },
      );
    },
    { prefix: PROVIDER_API_PREFIX },
  );
};
