/**
 * Target 6: 10,000 callbacks queued (PENDING, due now) to a local receiver; the server's callback
 * job drains them. The rate is callbacks delivered per second from the server's start until the
 * receiver has seen every one; the receiver counts each webhook-id, so duplicates (at-least-once
 * retries) and losses are both visible. Queued while the server is down (PGlite has one owner).
 */
import { createServer } from 'node:http';
import { QUICK } from '../lib/bench-paths.mjs';
import { BENCH_PORTS } from '../lib/server-process.mjs';

export const CALLBACK_COUNT = QUICK ? 2_000 : 10_000;
const RECEIVER_PATH = '/bench-callbacks';

/** Queues the callbacks on existing invoices of one merchant (far in the future, not yet due). */
export const queueBenchCallbacks = async (sql) => {
  await sql.query(
    `INSERT INTO callbacks (invoice_id, merchant_id, url, invoice_status, payload, status, next_attempt_at)
     SELECT id, merchant_id, $1, status, jsonb_build_object('invoiceId', id, 'status', status), 'PENDING', now()
     FROM invoices WHERE merchant_invoice_id LIKE 'ord-%' ORDER BY id LIMIT $2`,
    [`http://127.0.0.1:${BENCH_PORTS.callbackReceiver}${RECEIVER_PATH}`, CALLBACK_COUNT],
  );
};

/** A receiver answering 200 at once and counting deliveries per webhook-id. */
export const startCallbackReceiver = async () => {
  const seen = new Map();
  let deliveries = 0;
  let firstAt = null;
  let allSeen;
  const done = new Promise((resolve) => {
    allSeen = resolve;
  });
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === RECEIVER_PATH) {
        const id = String(request.headers['webhook-id']);
        deliveries += 1;
        firstAt ??= performance.now();
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (seen.size === CALLBACK_COUNT) allSeen(performance.now());
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(BENCH_PORTS.callbackReceiver, '127.0.0.1', resolve));
  return {
    done,
    firstAt: () => firstAt,
    stats: () => ({ unique: seen.size, deliveries, duplicates: deliveries - seen.size }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

/** After the run: how the queue ended in the database. */
export const checkCallbackQueue = async (sql) => {
  const rows = await sql.query(
    `SELECT status, count(*)::int AS count FROM callbacks WHERE url LIKE $1 GROUP BY status`,
    [`%${RECEIVER_PATH}`],
  );
  return Object.fromEntries(rows.map(({ status, count }) => [status, count]));
};
