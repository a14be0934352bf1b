// Creates a deposit invoice and prints where to send the customer.
//   node examples/create-invoice.mjs
// Without PAYGATE_* variables it uses the demo (`npm start`, SEED=demo): the first demo
// merchant's fixed API key and its "UZS deposits" terminal.
import { PaygateApiError, PaygateClient } from '@paygate/merchant-sdk';

const paygate = new PaygateClient({
  baseUrl: process.env.PAYGATE_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.PAYGATE_API_KEY ?? 'pk_a801db0578cc5d79f71530ce39544b5e',
  secret: process.env.PAYGATE_API_SECRET ?? 'whsec_OKTVSxmsf+leJBaop/EEXS1h+5GqLGOuKbJ7YIpA5kk=',
});

// Your own id of the payment: unique among your invoices.
const merchantInvoiceId = process.env.ORDER_ID ?? `ORD-${Date.now()}`;

try {
  const { invoice, replayed } = await paygate.createInvoice(
    {
      flowType: 'DEPOSIT',
      terminalId: Number(process.env.PAYGATE_TERMINAL_ID ?? 1),
      amount: 150_000, // UZS 1 500.00 in minor units
      currency: 'UZS',
      merchantInvoiceId,
      customer: { externalId: 'user-881', firstName: 'Dilnoza', lastName: 'Aliyeva' },
      successUrl: 'https://shop.example/paid',
    },
    // The same key for the same order: retrying this script never makes a second invoice.
    { idempotencyKey: `create-${merchantInvoiceId}` },
  );
  console.log(
    `${replayed ? 'Already created' : 'Created'} invoice ${invoice.invoiceId} for order ` +
      `${invoice.merchantInvoiceId}: ${invoice.status}, ${invoice.amount} ${invoice.currency} ` +
      `(minor units)${invoice.isTest ? ', test mode' : ''}`,
  );
  console.log(`Send the customer to ${invoice.paymentUrl}`);
} catch (error) {
  if (!(error instanceof PaygateApiError)) throw error;
  // Branch on error.code; log error.detail and error.requestId (quote it to support).
  console.error(`Refused (${error.status} ${error.code}): ${error.detail}`);
  for (const field of error.errors) {
    console.error(`  ${field.location}${field.field}: ${field.message}`);
  }
  console.error(`Request id: ${error.requestId}`);
  process.exitCode = 1;
}
