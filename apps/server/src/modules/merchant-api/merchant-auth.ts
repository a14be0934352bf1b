import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { merchants } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../http/http-errors.ts';
import { strictJsonMismatch } from '../../http/strict-json-body.ts';
import { merchantRequestSignature, signatureMatches } from './merchant-keys.ts';

/** Request headers of the merchant API's signature scheme (docs/merchant-api.md). */
export const MERCHANT_AUTH_HEADERS = {
  apiKey: 'X-Api-Key',
  timestamp: 'X-Timestamp',
  signature: 'X-Signature',
} as const;

/** A signed request older or newer than this (seconds) is refused, which bounds replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Body size limit of merchant API calls: an invoice is a few hundred bytes. */
const MERCHANT_API_BODY_LIMIT = 64 * 1024;

/** One message for an unknown key and a wrong signature, so neither can be probed. */
const INVALID_CREDENTIALS = 'Invalid API key or signature';

/**
 * OpenAPI security schemes of the merchant API. All three headers are required together (one
 * security requirement object names all three).
 */
export const MERCHANT_API_SECURITY_SCHEMES = {
  merchantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_AUTH_HEADERS.apiKey,
    description: 'Merchant API: the merchant’s clientPublicKey (pk_…), shown in the back office.',
  },
  merchantTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_AUTH_HEADERS.timestamp,
    description: `Merchant API: Unix time in seconds; refused when more than ${SIGNATURE_TOLERANCE_SECONDS} s from the server clock.`,
  },
  merchantSignature: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_AUTH_HEADERS.signature,
    description:
      'Merchant API: lower-case hex HMAC-SHA256 of `{timestamp}.{METHOD}.{path?query}.{raw body}` ' +
      'keyed with the base64-decoded part of the signing secret after `whsec_`. See docs/merchant-api.md.',
  },
} as const;

export const MERCHANT_API_SECURITY = [
  { merchantApiKey: [], merchantTimestamp: [], merchantSignature: [] },
];

/** The merchant a signed request speaks for. */
export interface ApiMerchant {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the merchant API's authentication; null elsewhere. */
    apiMerchant: ApiMerchant | null;
  }
}

/** Per-request state that must not sit on the request object (the secret) or that is internal. */
interface PendingAuthentication {
  timestamp: string;
  signature: string;
  signingSecret: string;
}
const pending = new WeakMap<FastifyRequest, PendingAuthentication>();
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The body bytes exactly as received (empty without a body): what the signature covers. */
export const rawBodyOf = (request: FastifyRequest): Buffer => rawBodies.get(request) ?? EMPTY;
const EMPTY = Buffer.alloc(0);

/** The authenticated merchant of a merchant API route. */
export const requireApiMerchant = (request: FastifyRequest): ApiMerchant => {
  if (!request.apiMerchant) throw new Error('requireApiMerchant used outside the merchant API');
  return request.apiMerchant;
};

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const refuse = (request: FastifyRequest, reason: string, message = INVALID_CREDENTIALS) => {
  // The reason helps support; the caller only learns what it may (never key vs. signature).
  request.log.info({ reason }, 'merchant API request refused');
  return unauthorized(message);
};

/**
 * Authenticates every route of the scope it is registered in (an encapsulated plugin: nothing
 * here touches the back-office routes):
 *
 * 1. onRequest, before the body is read: the three headers are present, the timestamp is
 *    fresh, and the public key names a merchant. Cheap refusals never read a body.
 * 2. The JSON parser keeps the raw bytes instead of parsing, because the signature is over the
 *    bytes as sent: any re-serialisation could differ.
 * 3. preValidation: the signature over timestamp, method, path with query and raw body is
 *    checked in constant time; only then is the body parsed (prototype-poisoning safe), and
 *    checked strictly against the route's body schema (no type coercion, no unknown fields).
 */
export const registerMerchantAuthentication = (
  scope: FastifyInstance,
  { db, now = () => Date.now() }: { db: Database; now?: () => number },
): void => {
  scope.decorateRequest('apiMerchant', null);

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MERCHANT_API_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    },
  );
  const parseJson = scope.getDefaultJsonParser('error', 'error');

  scope.addHook('onRequest', async (request) => {
    const apiKey = headerValue(request, MERCHANT_AUTH_HEADERS.apiKey);
    const timestamp = headerValue(request, MERCHANT_AUTH_HEADERS.timestamp);
    const signature = headerValue(request, MERCHANT_AUTH_HEADERS.signature);
    if (apiKey === undefined || timestamp === undefined || signature === undefined) {
      const missing = Object.values(MERCHANT_AUTH_HEADERS).filter(
        (name) => headerValue(request, name) === undefined,
      );
      throw refuse(request, 'missing headers', `Missing ${missing.join(', ')} header`);
    }
    if (!/^\d{1,12}$/.test(timestamp)) {
      throw refuse(
        request,
        'malformed timestamp',
        `${MERCHANT_AUTH_HEADERS.timestamp} must be Unix time in whole seconds`,
      );
    }
    if (Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
      throw refuse(
        request,
        'stale timestamp',
        `${MERCHANT_AUTH_HEADERS.timestamp} is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from the server clock`,
      );
    }
    // Junk keys never reach the database.
    if (apiKey.length > 200) throw refuse(request, 'malformed key');
    const [merchant] = await db
      .select({ id: merchants.id, name: merchants.name, signingSecret: merchants.signingSecret })
      .from(merchants)
      .where(eq(merchants.clientPublicKey, apiKey));
    if (!merchant) throw refuse(request, 'unknown key');
    pending.set(request, { timestamp, signature, signingSecret: merchant.signingSecret });
    request.apiMerchant = { id: merchant.id, name: merchant.name };
  });

  scope.addHook('preValidation', async (request) => {
    const auth = pending.get(request);
    if (!auth) throw refuse(request, 'not authenticated');
    pending.delete(request);
    const body = rawBodyOf(request);
    let expected: string;
    try {
      expected = merchantRequestSignature(auth.signingSecret, {
        timestamp: auth.timestamp,
        method: request.method,
        pathWithQuery: request.url,
        body,
      });
    } catch {
      // A stored secret in an old format: the merchant cannot sign. An operator must issue new
      // keys, so this is a warning in the log; the caller hears the generic refusal.
      request.log.warn({ merchantId: request.apiMerchant?.id }, 'merchant signing secret unusable');
      request.apiMerchant = null;
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!signatureMatches(auth.signature, expected)) {
      request.apiMerchant = null;
      throw refuse(request, 'bad signature');
    }

    if (!rawBodies.has(request)) return;
    request.body =
      body.length === 0
        ? undefined
        : await new Promise<unknown>((resolve, reject) =>
            parseJson(request, body.toString('utf8'), (error, parsed) =>
              error ? reject(error) : resolve(parsed),
            ),
          );
    const bodySchema = request.routeOptions.schema?.body;
    if (request.body !== undefined && bodySchema) {
      const mismatch = strictJsonMismatch(bodySchema, request.body);
      if (mismatch) throw badRequest(mismatch);
    }
  });
};
