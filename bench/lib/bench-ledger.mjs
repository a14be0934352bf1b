/**
 * The balance ledger of the generated invoices (decision 0028): the rows a real history would
 * have written for them, and the balances those rows leave, built while the invoices are
 * generated and loaded with COPY after them (generate-invoices.mjs).
 *
 * What the engine writes (apps/server/src/modules/invoices/invoice-status-service.ts through
 * changeMerchantBalance), for production invoices (test-processing ones never move money):
 *
 * - a deposit confirmed (DONE): one row when it is confirmed, at its status date, IN_PROGRESS →
 *   DONE, available + (amount − fee); its fee is fixed then (0 before). A PAYED, CANCELED or
 *   DECLINED deposit never counted and has no row;
 * - a payout (WITHDRAWAL) paid (PAYED or DONE): a row when it is queued, at its creation, NEW →
 *   IN_PROGRESS, available − (amount + fee) and reserved + (amount + fee), its fee fixed then;
 *   and a row when the provider pays it, at its status date, IN_PROGRESS → PAYED or DONE,
 *   reserved − (amount + fee). A DONE payout went there straight from IN_PROGRESS (a provider
 *   may report DONE at once), so it has no third row;
 * - a payout still queued (IN_PROGRESS): the queueing row, at its status date;
 * - a payout CANCELED or DECLINED: never queued, no row.
 *
 * The engine never queues a payout the available balance does not cover (decision 0017): walking
 * the movements in time order, a payout that is not covered when it would be queued is declined
 * instead (status DECLINED, no fee, status date the moment it was refused), as the engine would
 * have, and as the demo seed does for its own history. Rows are written in time order, so ids
 * follow time as the product's own rows do; each balance's chain starts from what the demo seed
 * left in it. Person ids stay empty: the platform, the customer and providers made these changes.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';

export const LEDGER_COLUMNS = [
  'merchant_id',
  'currency_id',
  'kind',
  'terminal_id',
  'invoice_id',
  'flow_type',
  'from_status',
  'to_status',
  'amount_before',
  'amount_after',
  'fee_before',
  'fee_after',
  'available_change',
  'reserved_change',
  'available_after',
  'reserved_after',
  'created_at',
];

/** Positions of the invoice CSV fields the ledger reads (INVOICE_COLUMNS of the generator). */
const FIELD = {
  id: 0,
  merchantId: 1,
  terminalId: 2,
  flowType: 5,
  status: 6,
  statusDate: 7,
  amount: 9,
  fee: 10,
  currencyId: 11,
  isTest: 16,
};

const LINES_PER_WRITE = 20_000;

/** A min-heap of pending movements by time, then by the order they were scheduled. */
const movementQueue = () => {
  const items = [];
  const before = (a, b) => a.at < b.at || (a.at === b.at && a.seq < b.seq);
  let seq = 0;
  return {
    get size() {
      return items.length;
    },
    peek: () => items[0],
    push: (at, movement) => {
      const item = { at, seq, movement };
      seq += 1;
      items.push(item);
      let index = items.length - 1;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (!before(items[index], items[parent])) break;
        [items[index], items[parent]] = [items[parent], items[index]];
        index = parent;
      }
    },
    pop: () => {
      const top = items[0];
      const last = items.pop();
      if (items.length > 0) {
        items[0] = last;
        let index = 0;
        for (;;) {
          const left = index * 2 + 1;
          const right = left + 1;
          let smallest = index;
          if (left < items.length && before(items[left], items[smallest])) smallest = left;
          if (right < items.length && before(items[right], items[smallest])) smallest = right;
          if (smallest === index) break;
          [items[index], items[smallest]] = [items[smallest], items[index]];
          index = smallest;
        }
      }
      return top;
    },
  };
};

/**
 * Builds the ledger while the invoices are generated. `balances` are the kept balances before
 * the load (the demo seed's), each `{ merchantId, currencyId, available, reserved }`; rows go to
 * `file` as CSV, in time order.
 *
 * The generator hands over each invoice as `{ fields, pending }` (its CSV fields before they are
 * joined) with `observe`, then calls `advance(watermark)` with the earliest time a movement of an
 * invoice not handed over yet can have: every movement up to it is then written. A payout's entry
 * stays `pending` until its turn comes and the ledger has queued or declined it (changing its
 * fields); the generator holds such entries (and those after them) until then. `finish()` writes
 * what is left and returns the balances after.
 */
export const createLedgerBuilder = ({ balances, file }) => {
  const fd = openSync(file, 'w');
  const queue = movementQueue();
  const kept = new Map(
    balances.map((balance) => [
      `${balance.merchantId}:${balance.currencyId}`,
      { ...balance, updatedAt: null },
    ]),
  );
  let lines = [];
  let rows = 0;
  let declined = 0;

  const flushLines = () => {
    if (lines.length === 0) return;
    writeSync(fd, `${lines.join('\n')}\n`);
    lines = [];
  };

  const balanceOf = (fields) => {
    const key = `${fields[FIELD.merchantId]}:${fields[FIELD.currencyId]}`;
    let balance = kept.get(key);
    if (!balance) {
      balance = {
        merchantId: fields[FIELD.merchantId],
        currencyId: fields[FIELD.currencyId],
        available: 0n,
        reserved: 0n,
        updatedAt: null,
      };
      kept.set(key, balance);
    }
    return balance;
  };

  /** Writes one invoice row of the ledger at `at` (ms) and moves its balance. */
  const write = (fields, at, { from, to, feeBefore, availableChange, reservedChange }) => {
    const balance = balanceOf(fields);
    balance.available += availableChange;
    balance.reserved += reservedChange;
    const iso = new Date(at).toISOString();
    balance.updatedAt = iso;
    const amount = fields[FIELD.amount];
    lines.push(
      [
        fields[FIELD.merchantId],
        fields[FIELD.currencyId],
        'invoice',
        fields[FIELD.terminalId],
        fields[FIELD.id],
        fields[FIELD.flowType],
        from,
        to,
        amount,
        amount,
        feeBefore,
        fields[FIELD.fee],
        availableChange,
        reservedChange,
        balance.available,
        balance.reserved,
        iso,
      ].join(','),
    );
    rows += 1;
    if (lines.length === LINES_PER_WRITE) flushLines();
  };

  /**
   * A payout's turn to be queued, at `at`: its queueing row and, when it was paid, the payment's
   * row to come; or, when the available balance does not cover it, declined (its fields changed).
   */
  const queuePayout = (entry, at, paidAt) => {
    const { fields } = entry;
    entry.pending = false;
    const amount = fields[FIELD.amount];
    const fee = fields[FIELD.fee];
    const total = amount + fee;
    if (balanceOf(fields).available - total < 0n) {
      fields[FIELD.status] = 'DECLINED';
      fields[FIELD.fee] = 0n;
      fields[FIELD.statusDate] = new Date(at).toISOString();
      declined += 1;
      return;
    }
    write(fields, at, {
      from: 'NEW',
      to: 'IN_PROGRESS',
      feeBefore: 0n,
      availableChange: -total,
      reservedChange: total,
    });
    const status = fields[FIELD.status];
    if (status === 'IN_PROGRESS') return;
    queue.push(paidAt, {
      write: () =>
        write(fields, paidAt, {
          from: 'IN_PROGRESS',
          to: status,
          feeBefore: fee,
          availableChange: 0n,
          reservedChange: -total,
        }),
    });
  };

  return {
    /**
     * An invoice created at `createdMs` that reached its status at `statusMs`: closed ones in
     * the order of their creation, open ones (IN_PROGRESS: queued at `statusMs`) after them.
     */
    observe: (entry, { createdMs, statusMs }) => {
      const { fields } = entry;
      if (fields[FIELD.isTest]) return;
      const status = fields[FIELD.status];
      if (fields[FIELD.flowType] === 'DEPOSIT') {
        if (status !== 'DONE') return;
        const amount = fields[FIELD.amount];
        const fee = fields[FIELD.fee];
        queue.push(statusMs, {
          write: () =>
            write(fields, statusMs, {
              from: 'IN_PROGRESS',
              to: 'DONE',
              feeBefore: 0n,
              availableChange: amount - fee,
              reservedChange: 0n,
            }),
        });
        return;
      }
      if (status === 'IN_PROGRESS') {
        entry.pending = true;
        queue.push(statusMs, { write: () => queuePayout(entry, statusMs, null) });
      } else if (status === 'PAYED' || status === 'DONE') {
        entry.pending = true;
        queue.push(createdMs, { write: () => queuePayout(entry, createdMs, statusMs) });
      }
    },
    /** Writes every movement due at or before `watermark` (ms), in time order. */
    advance: (watermark) => {
      while (queue.size > 0 && queue.peek().at <= watermark) queue.pop().movement.write();
    },
    finish: () => {
      while (queue.size > 0) queue.pop().movement.write();
      flushLines();
      closeSync(fd);
      return { rows, declined, balances: [...kept.values()] };
    },
  };
};

/** The lines of a CSV file in pieces of about `bytes`, each ending at a line end. */
export function* csvFileChunks(file, bytes = 4 * 2 ** 20) {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    let carry = '';
    for (;;) {
      const read = readSync(fd, buffer, 0, bytes, null);
      if (read === 0) break;
      const text = carry + buffer.toString('utf8', 0, read);
      const end = text.lastIndexOf('\n') + 1;
      carry = text.slice(end);
      if (end > 0) yield text.slice(0, end);
    }
    if (carry !== '') yield `${carry}\n`;
  } finally {
    closeSync(fd);
  }
}

export const removeLedgerFile = (file) => rmSync(file, { force: true });
