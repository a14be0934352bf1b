import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the receiver: the raw body bytes (as text) and its headers. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
  /** Lower-case names; a repeated header is joined with ", " as HTTP allows. */
  headers: Record<string, string>;
}

export interface CallbackReceiver {
  /** Where callbacks go: http://127.0.0.1:<free port>/callbacks. */
  callbackUrl: string;
  /** The receiver's origin, for pages the merchant sends the customer back to. */
  origin: string;
  /** Every POST so far, oldest first. */
  callbacks: ReceivedRequest[];
  stop: () => Promise<void>;
}

/** The page a merchant URL (success, cancel) shows when the customer is sent back. */
const SHOP_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>' +
  '<body><main><h1>Back at the shop</h1></main></body></html>';

/**
 * A merchant's server in miniature, on 127.0.0.1 and a free port: it records every POST
 * (callbacks, verified later with the merchant's secret) and answers 204, and answers any GET
 * with a small shop page, so the form's continue links can really be followed.
 */
export const startCallbackReceiver = async (): Promise<CallbackReceiver> => {
  const callbacks: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        callbacks.push({
          method: request.method,
          path: request.url ?? '/',
          body: Buffer.concat(chunks).toString('utf8'),
          headers,
        });
        response.writeHead(204).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SHOP_PAGE);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    callbackUrl: `${origin}/callbacks`,
    origin,
    callbacks,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
