import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got: the raw body as received, and the headers. */
export interface ReceivedCallback {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * How the receiver answers one request (`body`: instead of a short text); `hang` never answers
 * (the sender's timeout fires).
 */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string | Buffer }
  | 'hang';

/**
 * A merchant's callback endpoint for the tests: a real HTTP server on a free local port that
 * records every request and answers with the next scripted answer (204 when none is left).
 */
export const startCallbackReceiver = async () => {
  const received: ReceivedCallback[] = [];
  const script: ReceiverAnswer[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = script.shift() ?? { status: 204 };
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.status === 204 ? undefined : (answer.body ?? 'ignored body'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path = '/callback') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Answers for the next requests, in order. */
    answerWith: (...answers: ReceiverAnswer[]) => script.push(...answers),
    /** Resolves once `count` requests have arrived (the test's own timeout bounds the wait). */
    receivedAtLeast: async (count: number) => {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    reset: () => {
      received.length = 0;
      script.length = 0;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/** A URL nothing listens on: the port of a server that was just closed. */
export const unreachableUrl = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/callback`;
};

/** Headers as the Standard Webhooks verifiers take them: single string values. */
export const headerRecord = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : [],
    ),
  );

/** A new secret in the Standard Webhooks format, as merchants get them. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Delivery options for tests: the receiver listens on loopback, which production refuses. */
export const TO_LOCAL_RECEIVER = { allowPrivateNetworks: true } as const;
