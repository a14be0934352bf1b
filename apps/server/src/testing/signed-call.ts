import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { requestSignature } from '../http/request-signing.ts';

/** Who signs: the API's path prefix, the X-Api-Key value and the secret. */
export interface SigningCaller {
  prefix: string;
  apiKey: string;
  signingSecret: string;
}

export interface SignedCall {
  method: 'GET' | 'POST';
  /** Path under the API prefix, with any query string, e.g. `/invoices?x=1`. */
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

/** Sends a request signed the way docs/merchant-api.md and docs/provider-api.md tell callers to. */
export const signedRequest = (
  app: FastifyInstance,
  caller: SigningCaller,
  call: SignedCall,
): Promise<LightMyRequestResponse> => {
  const url = `${caller.prefix}${call.path}`;
  const body = call.rawBody ?? (call.body === undefined ? '' : JSON.stringify(call.body));
  const timestamp = String(call.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = requestSignature(caller.signingSecret, {
    timestamp: call.signed?.timestamp ?? timestamp,
    method: call.signed?.method ?? call.method,
    pathWithQuery: call.signed?.path ? `${caller.prefix}${call.signed.path}` : url,
    body: call.signed?.body ?? body,
  });
  return app.inject({
    method: call.method,
    url,
    headers: {
      'x-api-key': caller.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(body === '' ? {} : { payload: body }),
  });
};
