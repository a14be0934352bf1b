import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { tooManyRequests } from '../../http/http-errors.ts';
import { merchantScopeOf, requirePerson, scopeAllows } from '../auth/auth-entry.ts';
import { formatCursor, type LiveEventHub, parseCursor } from './live-event-hub.ts';
import type { LiveEventCursor, LiveEventRow } from './live-event-repository.ts';

/** A browser's retry delay after a dropped stream; it backs off further on its own errors. */
const RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the browser reconnects (with Last-Event-ID, missing nothing):
 * its session is checked again then, so a signed-out or idle session stops hearing.
 */
const STREAM_LIFETIME_MS = 5 * 60_000;
/** Open streams one person may hold on one instance (tabs); more is refused with 429. */
export const STREAMS_PER_PERSON = 20;
/** A browser that stops reading is cut off once this much waits for it; it resyncs. */
const MAX_BUFFERED_BYTES = 1_000_000;

const frame = (row: LiveEventRow) =>
  `id: ${formatCursor(row)}\nevent: ${row.type}\ndata: ${JSON.stringify({
    ...row.data,
    merchantId: row.merchantId,
    ...(row.invoiceId ? { invoiceId: row.invoiceId } : {}),
    ...(row.terminalId !== null ? { terminalId: row.terminalId } : {}),
    at: row.createdAt.toISOString(),
  })}\n\n`;

/**
 * GET /api/v1/live-events: Server-Sent Events of what changes in the caller's merchant scope,
 * exactly the invoices their lists show (issue 25 item 1, decision 0023).
 */
export const liveEventRoutes = (
  app: FastifyInstance,
  hub: LiveEventHub,
  options: {
    lifetimeMs?: number | undefined;
    heartbeatMs?: number | undefined;
    /** LIVE_STREAMS_PER_PERSON; STREAMS_PER_PERSON when not given. */
    streamsPerPerson?: number | undefined;
  } = {},
) => {
  const openStreams = new Map<number, number>();

  app.get(
    '/api/v1/live-events',
    {
      config: { access: { permissions: [] }, sessionActivity: false },
      schema: {
        tags: ['live'],
        operationId: 'streamLiveEvents',
        summary:
          'Server-Sent Events: invoice.created, invoice.changed, callback.attempted, alert.opened, alert.closed',
        description:
          'A text/event-stream. Each event id is a position: send it back as Last-Event-ID to get what was missed (kept 10 minutes); `resync` means it was too old, reload. The stream ends every few minutes and the browser reconnects.',
        headers: {
          type: 'object',
          properties: { 'last-event-id': { type: 'string', maxLength: 64 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            lastEventId: {
              type: 'string',
              maxLength: 64,
              description:
                'The same as Last-Event-ID, for a client that opens a new EventSource itself (it cannot set the header)',
            },
          },
        },
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          429: errorResponseSchema,
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: { lastEventId?: string } }>, reply) => {
      const person = requirePerson(request.person);
      const open = openStreams.get(person.id) ?? 0;
      if (open >= (options.streamsPerPerson ?? STREAMS_PER_PERSON)) {
        throw tooManyRequests('Too many open live streams: close some tabs.', 10);
      }
      openStreams.set(person.id, open + 1);
      const scope = merchantScopeOf(person);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream (docker/nginx).
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);

      let ended = false;
      let unsubscribe = () => {};
      let position: (() => LiveEventCursor) | null = null;
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        if (ended) return;
        ended = true;
        for (const timer of timers) clearTimeout(timer);
        unsubscribe();
        const left = (openStreams.get(person.id) ?? 1) - 1;
        if (left > 0) openStreams.set(person.id, left);
        else openStreams.delete(person.id);
        raw.end();
      };
      const send = (text: string) => {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_BUFFERED_BYTES) end();
      };
      raw.on('close', end);
      timers.push(setTimeout(end, options.lifetimeMs ?? STREAM_LIFETIME_MS));
      // The heartbeat carries the stream's position, so a quiet stream (nothing in its scope for a
      // while) still resumes where it stood instead of reloading its screens.
      const heartbeat = setInterval(
        () =>
          send(
            position
              ? `id: ${formatCursor(position())}\nevent: position\ndata: {}\n\n`
              : ': keep-alive\n\n',
          ),
        options.heartbeatMs ?? HEARTBEAT_MS,
      );
      timers.push(heartbeat);

      try {
        const subscription = await hub.subscribe(
          {
            accepts: (row) => scopeAllows(scope, row.merchantId),
            deliver: (row) => send(frame(row)),
            end,
          },
          parseCursor(
            (request.headers['last-event-id'] as string | undefined) ?? request.query.lastEventId,
          ),
        );
        unsubscribe = subscription.unsubscribe;
        position = subscription.position;
        if (ended) unsubscribe();
        else if (subscription.outcome === 'gap') send('event: resync\ndata: {}\n\n');
        send(
          `id: ${formatCursor(subscription.position())}\nevent: ready\ndata: ${JSON.stringify({ resumed: subscription.outcome === 'resumed' })}\n\n`,
        );
      } catch (error) {
        request.log.error({ err: error }, 'live event stream could not start');
        send('event: resync\ndata: {}\n\n');
        end();
      }
    },
  );
};
