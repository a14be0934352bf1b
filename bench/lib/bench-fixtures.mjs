import { BENCH_METHOD_CODE, CREDENTIAL_PREFIX, POLL_PREFIX } from '../generate-invoices.mjs';

/** Values the HTTP benchmarks need, read from the generated database before the server opens it. */
export const readFixtures = async (sql) => {
  const pollForms = await sql.query(
    `SELECT form_id FROM invoices WHERE merchant_invoice_id LIKE '${POLL_PREFIX}%' ORDER BY form_id`,
  );
  const credentialForms = await sql.query(
    `SELECT form_id AS "formId", amount::text AS amount FROM invoices
     WHERE merchant_invoice_id LIKE '${CREDENTIAL_PREFIX}%' ORDER BY form_id`,
  );
  const [method] = await sql.query('SELECT id FROM payment_methods WHERE code = $1', [
    BENCH_METHOD_CODE,
  ]);
  const statuses = await sql.query('SELECT id, code FROM reference_items WHERE header_id = 201');
  const [merchant] = await sql.query('SELECT id FROM merchants ORDER BY id LIMIT 1');
  const [terminal] = await sql.query(
    'SELECT id FROM terminals WHERE merchant_id = $1 ORDER BY id LIMIT 1',
    [merchant.id],
  );
  const [sample] = await sql.query(
    `SELECT id, merchant_invoice_id, customer_external_id FROM invoices
     WHERE merchant_invoice_id = 'ord-4242' LIMIT 1`,
  );
  if (!sample) {
    throw new Error('no invoice ord-4242 in the data set: generate at least 100,000 invoices');
  }
  return {
    ledger: await readLedgerFixtures(sql, Number(merchant.id)),
    formIds: pollForms.map(({ form_id }) => form_id),
    credentialForms,
    methodId: method.id,
    statusIds: Object.fromEntries(statuses.map(({ id, code }) => [code, String(id)])),
    merchantId: String(merchant.id),
    terminalId: String(terminal.id),
    invoiceId: sample.id,
    merchantInvoiceId: sample.merchant_invoice_id,
    customerExternalId: sample.customer_external_id,
  };
};

const isoDay = (date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * What the ledger benchmarks read: the biggest merchant's (the generator's first) busiest
 * balance, and in it three periods of the statement (whole UTC days, as its period is): one
 * calendar month, that month's busiest day, and the last 366 days (the longest period the
 * statement allows). The month is the last whole one before the demo seed's ledger rows (its
 * opening rows, without a status before, over its last 30 days): the generated rows follow the
 * demo's in id order though they are older, so a short period holding both would span ids no
 * real ledger has between them (rows are written as things happen, ids follow time). Null when
 * the data set has no such rows (made before the generator wrote the ledger).
 */
export const readLedgerFixtures = async (sql, merchantId) => {
  const [balance] = await sql.query(
    `SELECT currency_id AS "currencyId", count(*)::int AS rows FROM balance_movements
     WHERE merchant_id = $1 GROUP BY currency_id ORDER BY count(*) DESC, currency_id LIMIT 1`,
    [merchantId],
  );
  if (!balance) return null;
  const rowsWithin = async (start, end) => {
    const [{ rows }] = await sql.query(
      `SELECT count(*)::int AS rows FROM balance_movements
       WHERE merchant_id = $1 AND currency_id = $2 AND created_at >= $3 AND created_at < $4`,
      [merchantId, balance.currencyId, start.toISOString(), end.toISOString()],
    );
    return rows;
  };
  const [{ rows: merchantRows }] = await sql.query(
    'SELECT count(*)::int AS rows FROM balance_movements WHERE merchant_id = $1',
    [merchantId],
  );
  const [{ opened }] = await sql.query(
    'SELECT min(created_at) AS opened FROM balance_movements WHERE from_status IS NULL',
  );
  const before = opened ? new Date(opened) : new Date();
  const monthEnd = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), 1));
  const monthStart = new Date(Date.UTC(monthEnd.getUTCFullYear(), monthEnd.getUTCMonth() - 1, 1));
  const [busiest] = await sql.query(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS rows
     FROM balance_movements
     WHERE merchant_id = $1 AND currency_id = $2 AND created_at >= $3 AND created_at < $4
     GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    [merchantId, balance.currencyId, monthStart.toISOString(), monthEnd.toISOString()],
  );
  if (!busiest) return null;
  const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const yearStart = new Date(today.getTime() - 365 * DAY_MS);
  return {
    merchantId,
    currencyId: balance.currencyId,
    balanceRows: balance.rows,
    merchantRows,
    busyDay: { periodStart: busiest.day, periodEnd: busiest.day, rows: busiest.rows },
    month: {
      periodStart: isoDay(monthStart),
      periodEnd: isoDay(new Date(monthEnd.getTime() - DAY_MS)),
      rows: await rowsWithin(monthStart, monthEnd),
    },
    year: {
      periodStart: isoDay(yearStart),
      periodEnd: isoDay(today),
      rows: await rowsWithin(yearStart, new Date(today.getTime() + DAY_MS)),
    },
  };
};
