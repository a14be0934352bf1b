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
