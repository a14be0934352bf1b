import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { requestSignature } from '../../http/request-signing.ts';
import { MERCHANT_API_PREFIX } from './merchant-api-routes.ts';
import type { MerchantKeys } from './merchant-keys.ts';

export interface SignedCall {
  method: 'GET' | 'POST';
  /** Path under the merchant API prefix, with any query string, e.g. `/invoices?x=1`. */
  path: string;
  /** A JSON value, or the exact body text to send. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Unix seconds; now by default. */
  timestamp?: number;
  /** Sign something else than what is sent (tampering tests). */
  signed?: { method?: string; path?: string; body?: string; timestamp?: string };
}

/** Sends a request signed the way docs/merchant-api.md tells merchants to. */
export const signedCall = (
  app: FastifyInstance,
  keys: MerchantKeys,
  call: SignedCall,
): Promise<LightMyRequestResponse> => {
  const url = `${MERCHANT_API_PREFIX}${call.path}`;
  const body = call.rawBody ?? (call.body === undefined ? '' : JSON.stringify(call.body));
  const timestamp = String(call.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = requestSignature(keys.signingSecret, {
    timestamp: call.signed?.timestamp ?? timestamp,
    method: call.signed?.method ?? call.method,
    pathWithQuery: call.signed?.path ? `${MERCHANT_API_PREFIX}${call.signed.path}` : url,
    body: call.signed?.body ?? body,
  });
  return app.inject({
    method: call.method,
    url,
    headers: {
      'x-api-key': keys.clientPublicKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(body === '' ? {} : { payload: body }),
  });
};

/** Keys of a merchant row (tests read them from the database, as a merchant keeps them). */
export const keysOf = (merchant: { clientPublicKey: string; signingSecret: string }) => ({
  clientPublicKey: merchant.clientPublicKey,
  signingSecret: merchant.signingSecret,
});
