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
 * Reads the status of a form by its public id, answering every lookup that arrives in the same
 * turn of the event loop with one query (`form_id = ANY($1)`). The status is the call every open
 * form polls: with thousands polling at once this trades one database round trip per poll for
 * one per batch, which is what lets the route keep up (issue 10). A lookup waits at most one
 * event-loop turn for company; each answer is as fresh as a query of its own would be.
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

  const dispatch = () => {
    const batch = pending;
    pending = null;
    if (batch) void flush(batch);
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
      if (pending.size >= MAX_BATCH) dispatch();
    });
};
