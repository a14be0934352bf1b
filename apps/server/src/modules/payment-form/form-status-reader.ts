import type { Database } from '../../db/database.ts';
import { prepareFormStatusBatch } from './payment-form-repository.ts';

export interface FormStatus {
  status: string;
  invoiceId: string;
}

/** Most form ids one query asks for; more waiting lookups go in the next query. */
const MAX_BATCH = 500;

type Waiter = { resolve: (status: FormStatus | null) => void; reject: (error: unknown) => void };

/**
 * Reads the status of a form by its public id, answering lookups together with one query
 * (`form_id = ANY($1)`). The status is the call every open form polls: with thousands polling at
 * once this trades one database round trip per poll for one per batch, which is what lets the
 * route keep up (issue 10).
 *
 * One batch is at the database at a time: lookups arriving while it is out wait for it and go
 * together in the next, sent the moment it returns (a full batch of MAX_BATCH goes at once).
 * Sending every event-loop turn's lookups as soon as the turn ended made many small queries,
 * which cost more CPU per poll (decision 0024) and let a poll storm take every pooled
 * connection. A lookup waits for at most the query in flight and its own; each answer is as
 * fresh as a query of its own would be.
 */
export const formStatusReader = (db: Database) => {
  let pending: Map<string, Waiter[]> | null = null;
  // Built once and named: one query text whatever the batch size (an array parameter rather
  // than an IN list), so PostgreSQL parses and plans it once per connection, and the query
  // builder does no work per batch.
  const statement = prepareFormStatusBatch(db);

  const flush = async (batch: Map<string, Waiter[]>) => {
    try {
      const rows = await statement.execute({ formIds: [...batch.keys()] });
      const found = new Map(rows.map((row) => [row.formId, row]));
      for (const [formId, waiters] of batch) {
        const row = found.get(formId);
        for (const waiter of waiters) {
          waiter.resolve(row ? { status: row.status, invoiceId: row.invoiceId } : null);
        }
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };

  let inFlight = 0;
  /** Sends the waiting lookups, unless a batch is out (`full`: they fill a batch, send anyway). */
  const dispatch = (full = false) => {
    if (!pending || (inFlight > 0 && !full)) return;
    const batch = pending;
    pending = null;
    inFlight += 1;
    void flush(batch).finally(() => {
      inFlight -= 1;
      // Whatever arrived meanwhile goes now.
      dispatch();
    });
  };

  return (formId: string): Promise<FormStatus | null> =>
    new Promise((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(dispatch);
      }
      const waiters = pending.get(formId);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(formId, [{ resolve, reject }]);
      if (pending.size >= MAX_BATCH) dispatch(true);
    });
};
