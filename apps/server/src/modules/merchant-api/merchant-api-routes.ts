import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { rawBodyOf } from '../../http/signed-request-auth.ts';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyRequestHash,
  runIdempotent,
} from './idempotency.ts';
import {
  MERCHANT_API_SECURITY,
  registerMerchantAuthentication,
  requireApiMerchant,
} from './merchant-auth.ts';
import { presentMerchantInvoice } from './merchant-invoice-presenter.ts';
import {
  type CreateInvoiceBody,
  createInvoiceBodySchema,
  createInvoiceHeadersSchema,
  invoiceIdParamsSchema,
  merchantInvoiceIdQuerySchema,
  merchantInvoiceSchema,
  replayedResponseHeaders,
} from './merchant-invoice-schemas.ts';
import {
  createMerchantInvoice,
  merchantInvoiceById,
  merchantInvoiceByMerchantInvoiceId,
} from './merchant-invoice-service.ts';

/** Merchant API routes live here, apart from the cookie-authenticated back office (/api/v1). */
export const MERCHANT_API_PREFIX = '/api/merchant/v1';

export interface MerchantApiOptions {
  db: Database;
  /** Origin (and optional path) of the hosted payment form; paymentUrl is `${it}/payment/{formId}`. */
  paymentFormBaseUrl: string;
  /** The clock signatures are checked against (tests). */
  now?: () => number;
}

const TAGS = ['merchant API'];
const SIGNATURE_NOTE =
  'Signed with the merchant’s key pair: X-Api-Key, X-Timestamp, X-Signature (docs/merchant-api.md).';

const readResponses = {
  200: dataEnvelope(merchantInvoiceSchema),
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
} as const;

/**
 * The merchant-facing API: a merchant's server creates invoices and reads them, authenticated
 * by an HMAC signature with its secret on every request (no session, no cookie). Registered in
 * its own encapsulated scope so its raw-body JSON parser and authentication hooks apply to
 * these routes only.
 */
export const merchantApiRoutes = async (
  app: FastifyInstance,
  { db, paymentFormBaseUrl, now }: MerchantApiOptions,
): Promise<void> => {
  await app.register(
    async (scope) => {
      registerMerchantAuthentication(scope, { db, ...(now ? { now } : {}) });

      scope.post<{ Body: CreateInvoiceBody; Headers: { 'idempotency-key'?: string } }>(
        '/invoices',
        {
          schema: {
            tags: TAGS,
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
                ...dataEnvelope(merchantInvoiceSchema),
                description: 'Created (or the replayed answer of an earlier request)',
                headers: replayedResponseHeaders,
              },
              400: errorResponseSchema,
              401: errorResponseSchema,
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
            const row = await createMerchantInvoice(tx, merchant, request.body, request.ip);
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
          schema: {
            tags: TAGS,
            summary: 'Read an invoice by its invoiceId',
            description: `${SIGNATURE_NOTE} Another merchant’s invoice is 404, like a missing one.`,
            security: MERCHANT_API_SECURITY,
            params: invoiceIdParamsSchema,
            response: readResponses,
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

      scope.get<{ Querystring: { merchantInvoiceId: string } }>(
        '/invoices',
        {
          schema: {
            tags: TAGS,
            summary: 'Read an invoice by your merchantInvoiceId',
            description:
              `${SIGNATURE_NOTE} merchantInvoiceId is unique per merchant, so this answers one ` +
              'invoice, or 404. Sign the path with the query string exactly as sent ' +
              '(URL-encoded).',
            security: MERCHANT_API_SECURITY,
            querystring: merchantInvoiceIdQuerySchema,
            response: readResponses,
          },
        },
        async (request) => {
          const row = await merchantInvoiceByMerchantInvoiceId(
            db,
            requireApiMerchant(request),
            request.query.merchantInvoiceId,
          );
          return { data: presentMerchantInvoice(row, paymentFormBaseUrl) };
        },
      );
    },
    { prefix: MERCHANT_API_PREFIX },
  );
};
