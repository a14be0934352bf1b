import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './http-errors.ts';
import { containsNul, nulCharacterRefusal } from './nul-character-guard.ts';
import type { ProblemCode } from './problem-codes.ts';
import { requestSignature, signatureMatches } from './request-signing.ts';

/**
 * Authentication of server-to-server APIs whose callers sign every request with a shared secret
 * (the merchant API, the provider API): no session, no cookie.
 */

/** Request headers of the signature scheme (docs/merchant-api.md, docs/provider-api.md). */
export const SIGNED_REQUEST_HEADERS = {
  apiKey: 'X-Api-Key',
  timestamp: 'X-Timestamp',
  signature: 'X-Signature',
} as const;

/** A signed request older or newer than this (seconds) is refused, which bounds replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Body size limit of signed API calls: what they carry is a few hundred bytes. */
const SIGNED_API_BODY_LIMIT = 64 * 1024;

/** One message for an unknown key and a wrong signature, so neither can be probed. */
const INVALID_CREDENTIALS = 'Invalid API key or signature';

/**
 * OpenAPI security schemes of a signed API, named `${prefix}ApiKey|Timestamp|Signature`. All
 * three headers are required together (one security requirement object names all three).
 */
export const signedRequestSecurity = (
  prefix: string,
  { audience, keyDescription, guide }: { audience: string; keyDescription: string; guide: string },
) => ({
  schemes: {
    [`${prefix}ApiKey`]: {
      type: 'apiKey',
      in: 'header',
      name: SIGNED_REQUEST_HEADERS.apiKey,
      description: `${audience}: ${keyDescription}`,
    },
    [`${prefix}Timestamp`]: {
      type: 'apiKey',
      in: 'header',
      name: SIGNED_REQUEST_HEADERS.timestamp,
      description: `${audience}: Unix time in seconds; refused when more than ${SIGNATURE_TOLERANCE_SECONDS} s from the server clock.`,
    },
    [`${prefix}Signature`]: {
      type: 'apiKey',
      in: 'header',
      name: SIGNED_REQUEST_HEADERS.signature,
      description:
        `${audience}: lower-case hex HMAC-SHA256 of \`{timestamp}.{METHOD}.{path?query}.{raw body}\` ` +
        `keyed with the base64-decoded part of the secret after its prefix (\`sk_\` or \`whsec_\`). See ${guide}.`,
    },
  },
  requirement: [
    { [`${prefix}ApiKey`]: [], [`${prefix}Timestamp`]: [], [`${prefix}Signature`]: [] },
  ],
});

/** Who a key names, and the secret its requests must be signed with. */
export interface Signer<Principal> {
  principal: Principal;
  signingSecret: string;
}

export interface SignedRequestAuthentication<Principal> {
  /** Names the API in log lines, e.g. "merchant API". */
  label: string;
  /** The signer an X-Api-Key names, or undefined for an unknown key. */
  findSigner: (apiKey: string) => Promise<Signer<Principal> | undefined>;
  /** Called once the signature is verified, before the route's schema validation. */
  onVerified: (request: FastifyRequest, principal: Principal) => void;
  /** The clock signatures are checked against (tests). */
  now?: () => number;
}

/** Per-request state that must not sit on the request object (the secret). */
interface PendingAuthentication<Principal> {
  timestamp: string;
  signature: string;
  signer: Signer<Principal>;
}
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const EMPTY = Buffer.alloc(0);

/** The body bytes exactly as received (empty without a body): what the signature covers. */
export const rawBodyOf = (request: FastifyRequest): Buffer => rawBodies.get(request) ?? EMPTY;

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Authenticates every route of the scope it is registered in (an encapsulated plugin: nothing
 * here touches the back-office routes):
 *
 * 1. onRequest, before the body is read: the three headers are present, the timestamp is
 *    fresh, and the key names a signer. Cheap refusals never read a body.
 * 2. The JSON parser keeps the raw bytes instead of parsing, because the signature is over the
 *    bytes as sent: any re-serialisation could differ.
 * 3. preValidation: the signature over timestamp, method, path with query and raw body is
 *    checked in constant time; only then is the body parsed (prototype-poisoning safe), and
 *    checked strictly against the route's body schema (no type coercion, no unknown fields).
 */
export const registerSignedRequestAuthentication = <Principal>(
  scope: FastifyInstance,
  { label, findSigner, onVerified, now = () => Date.now() }: SignedRequestAuthentication<Principal>,
): void => {
  const pending = new WeakMap<FastifyRequest, PendingAuthentication<Principal>>();
  const refuse = (
    request: FastifyRequest,
    reason: string,
    message = INVALID_CREDENTIALS,
    code: ProblemCode = 'invalid_signature',
  ) => {
    // The reason helps support; the caller only learns what it may (never key vs. signature).
    request.log.info({ reason }, `${label} request refused`);
    return unauthorized(message, code);
  };

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: SIGNED_API_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    },
  );
  const parseJson = scope.getDefaultJsonParser('error', 'error');

  scope.addHook('onRequest', async (request) => {
    const apiKey = headerValue(request, SIGNED_REQUEST_HEADERS.apiKey);
    const timestamp = headerValue(request, SIGNED_REQUEST_HEADERS.timestamp);
    const signature = headerValue(request, SIGNED_REQUEST_HEADERS.signature);
    if (apiKey === undefined || timestamp === undefined || signature === undefined) {
      const missing = Object.values(SIGNED_REQUEST_HEADERS).filter(
        (name) => headerValue(request, name) === undefined,
      );
      throw refuse(
        request,
        'missing headers',
        `Missing ${missing.join(', ')} header`,
        'signature_headers_missing',
      );
    }
    if (!/^\d{1,12}$/.test(timestamp)) {
      throw refuse(
        request,
        'malformed timestamp',
        `${SIGNED_REQUEST_HEADERS.timestamp} must be Unix time in whole seconds`,
        'timestamp_invalid',
      );
    }
    if (Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
      throw refuse(
        request,
        'stale timestamp',
        `${SIGNED_REQUEST_HEADERS.timestamp} is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from the server clock`,
        'timestamp_out_of_tolerance',
      );
    }
    // Junk keys never reach the database.
    if (apiKey.length > 200) throw refuse(request, 'malformed key');
    const signer = await findSigner(apiKey);
    if (!signer) throw refuse(request, 'unknown key');
    pending.set(request, { timestamp, signature, signer });
  });

  scope.addHook('preValidation', async (request) => {
    const auth = pending.get(request);
    if (!auth) throw refuse(request, 'not authenticated');
    pending.delete(request);
    const body = rawBodyOf(request);
    let expected: string;
    try {
      expected = requestSignature(auth.signer.signingSecret, {
        timestamp: auth.timestamp,
        method: request.method,
        pathWithQuery: request.url,
        body,
      });
    } catch {
      // A stored secret in an old format: the caller cannot sign. An operator must issue new
      // keys, so this is a warning in the log; the caller hears the generic refusal.
      request.log.warn({ principal: auth.signer.principal }, `${label} signing secret unusable`);
      throw unauthorized(INVALID_CREDENTIALS, 'invalid_signature');
    }
    if (!signatureMatches(auth.signature, expected)) throw refuse(request, 'bad signature');
    onVerified(request, auth.signer.principal);

    if (!rawBodies.has(request)) return;
    request.body =
      body.length === 0
        ? undefined
        : await new Promise<unknown>((resolve, reject) =>
            parseJson(request, body.toString('utf8'), (error, parsed) =>
              error ? reject(error) : resolve(parsed),
            ),
          );
  });

  // The root NUL guard ran before the body was parsed (it saw none). After validation, so a field
  // whose schema refuses the character already named itself.
  scope.addHook('preHandler', async (request) => {
    if (containsNul(request.body)) throw nulCharacterRefusal();
  });
};
