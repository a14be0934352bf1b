import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { rawBodyOf } from '../../http/signed-request-auth.ts';
import { refuseUnknownQueryParameters } from '../../http/unknown-query-parameters.ts';
import type { WebhookUrlRule } from '../developers/developers-entry.ts';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyRequestHash,
  replayedResponseHeaders,
  runIdempotent,
} from '../idempotency/idempotency-entry.ts';
import { balanceTransactionRoutes } from './balance-transaction-routes.ts';
import {
  MERCHANT_API_SECURITY,
  registerMerchantAuthentication,
  requireApiMerchant,
} from './merchant-auth.ts';
import { merchantEventRoutes } from './merchant-event-routes.ts';
import {
  presentMerchantInvoice,
  presentMerchantInvoicePage,
} from './merchant-invoice-presenter.ts';
import {
  type CreateInvoiceBody,
  createInvoiceBodySchema,
  createInvoiceHeadersSchema,
  DEFAULT_INVOICE_LIST_LIMIT,
  invoiceIdParamsSchema,
  type MerchantInvoiceListQuery,
  merchantInvoiceComponent,
  merchantInvoiceListComponent,
  merchantInvoiceListQuerySchema,
} from './merchant-invoice-schemas.ts';
import {
  createMerchantInvoice,
  listMerchantInvoices,
  merchantInvoiceById,
} from './merchant-invoice-service.ts';

/** Merchant API routes live here, apart from the cookie-authenticated back office (/api/v1). */
export const MERCHANT_API_PREFIX = '/api/merchant/v1';

export interface MerchantApiOptions {
  db: Database;
  /** Origin (and optional path) of the hosted payment form; paymentUrl is `${it}/payment/{formId}`. */
  paymentFormBaseUrl: string;
  /** The clock signatures are checked against (tests). */
  now?: () => number;
  /** Whether an invoice's callbackUrl may be http:// (WEBHOOK_ALLOW_HTTP). */
  webhookUrlRule: WebhookUrlRule;
}

const TAGS = ['merchant API'];
const SIGNATURE_NOTE =
  'Signed with the merchant’s key pair: X-Api-Key, X-Timestamp, X-Signature (docs/merchant-api.md).';

/**
 * The merchant-facing API: a merchant's server creates invoices and reads them, authenticated
 * by an HMAC signature with its secret on every request (no session, no cookie). Registered in
 * its own encapsulated scope so its raw-body JSON parser and authentication hooks apply to
 * these routes only.
 */
export const merchantApiRoutes = async (
  app: FastifyInstance,
  { db, paymentFormBaseUrl, now, webhookUrlRule }: MerchantApiOptions,
): Promise<void> => {
  // Here, not in the encapsulated scope below: a scope that gains schemas loses the request
  // validator (see addEverySharedSchema).
  addSharedSchemas(app, [merchantInvoiceComponent, merchantInvoiceListComponent]);
  await app.register(
    async (scope) => {
      registerMerchantAuthentication(scope, { db, ...(now ? { now } : {}) });
      merchantEventRoutes(scope, { db });
      balanceTransactionRoutes(scope, { db });

      scope.post<{ Body: CreateInvoiceBody; Headers: { 'idempotency-key'?: string } }>(
        '/invoices',
        {
          config: { merchantScope: 'invoices:write' },
          schema: {
            tags: TAGS,
            operationId: 'createMerchantInvoice',
            summary: 'Create an invoice',
            description:
              `${SIGNATURE_NOTE} Returns the invoice with its payment-form URL (paymentUrl), ` +
              'where the customer completes the payment. With an Idempotency-Key, a retry of ' +
              'the same request returns the first response (header Idempotent-Replayed: true) ' +
              'and creates nothing; the same key with a different request is 409. Only ' +
              'successful responses are stored, so a refused request can be corrected and ' +
              'retried with the same key.',
            security: MERCHANT_API_SECURITY,
            headers: createInvoiceHeadersSchema,
            body: createInvoiceBodySchema,
            response: {
              201: {
                ...dataEnvelope(merchantInvoiceComponent.ref),
                description: 'Created (or the replayed answer of an earlier request)',
                headers: replayedResponseHeaders,
              },
              400: errorResponseSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              429: errorResponseSchema,
              409: errorResponseSchema,
            },
          },
        },
        async (request, reply) => {
          const merchant = requireApiMerchant(request);
          const key = request.headers['idempotency-key'];
          const claim =
            typeof key === 'string'
              ? {
                  merchantId: merchant.id,
                  key,
                  requestHash: idempotencyRequestHash(
                    request.method,
                    request.url,
                    rawBodyOf(request),
                  ),
                }
              : null;
          const result = await runIdempotent(db, claim, async (tx) => {
            const row = await createMerchantInvoice(
              tx,
              merchant,
              request.body,
              request.ip,
              webhookUrlRule,
            );
            return {
              statusCode: 201,
              body: { data: presentMerchantInvoice(row, paymentFormBaseUrl) },
            };
          });
          if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return reply.code(result.statusCode).send(result.body);
        },
      );

      scope.get<{ Params: { invoiceId: string } }>(
        '/invoices/:invoiceId',
        {
          config: { merchantScope: 'invoices:read' },
          schema: {
            tags: TAGS,
            operationId: 'getMerchantInvoice',
            summary: 'Read an invoice by its invoiceId',
            description: `${SIGNATURE_NOTE} Another merchant’s invoice is 404, like a missing one.`,
            security: MERCHANT_API_SECURITY,
            params: invoiceIdParamsSchema,
            response: {
              200: dataEnvelope(merchantInvoiceComponent.ref),
              400: errorResponseSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              429: errorResponseSchema,
              404: errorResponseSchema,
            },
          },
        },
        async (request) => {
          const row = await merchantInvoiceById(
            db,
            requireApiMerchant(request),
            request.params.invoiceId,
          );
          return { data: presentMerchantInvoice(row, paymentFormBaseUrl) };
        },
      );

      scope.get<{ Querystring: MerchantInvoiceListQuery }>(
        '/invoices',
        {
          config: { merchantScope: 'invoices:read' },
          schema: {
            tags: TAGS,
            operationId: 'listMerchantInvoices',
            summary: 'List your invoices',
            description:
              `${SIGNATURE_NOTE} Your invoices, newest first (createdAt, then invoiceId, both ` +
              'descending), filtered by status, flowType, creation time and merchantInvoiceId ' +
              '(unique per merchant: the list holds that invoice alone, or nothing). A page ' +
              `holds up to limit invoices (default ${DEFAULT_INVOICE_LIST_LIMIT}); when has_more ` +
              'is true, ask for the next page with the same filters and starting_after set to ' +
              'the invoiceId of the last invoice of this one. Unknown parameters are refused. ' +
              'Sign the path with the query string exactly as sent (URL-encoded).',
            security: MERCHANT_API_SECURITY,
            querystring: merchantInvoiceListQuerySchema,
            response: {
              200: merchantInvoiceListComponent.ref,
              400: errorResponseSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              429: errorResponseSchema,
            },
          },
          // After the signature check (the scope's own preValidation runs first).
          preValidation: refuseUnknownQueryParameters(merchantInvoiceListQuerySchema),
        },
        async (request) =>
          presentMerchantInvoicePage(
            await listMerchantInvoices(db, requireApiMerchant(request), request.query),
            paymentFormBaseUrl,
          ),
      );
    },
    { prefix: MERCHANT_API_PREFIX },
  );
};
