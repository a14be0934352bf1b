// Lists invoices: the newest page, then every DONE invoice of the last 7 days, page by page.
//   node examples/list-invoices.mjs
import { PaygateClient } from '@paygate/merchant-sdk';

const paygate = new PaygateClient({
  baseUrl: process.env.PAYGATE_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.PAYGATE_API_KEY ?? 'pk_a801db0578cc5d79f71530ce39544b5e',
  secret: process.env.PAYGATE_API_SECRET ?? 'whsec_OKTVSxmsf+leJBaop/EEXS1h+5GqLGOuKbJ7YIpA5kk=',
});

// One page: up to `limit` invoices, newest first; has_more says whether more follow.
const page = await paygate.listInvoices({ limit: 5 });
console.log(`Newest ${page.data.length} invoices${page.has_more ? ' (more follow)' : ''}:`);
for (const invoice of page.data) {
  console.log(
    `  ${invoice.createdAt}  ${invoice.invoiceId}  ${invoice.status.padEnd(11)} ` +
      `${invoice.amount} ${invoice.currency}  ${invoice.merchantInvoiceId}`,
  );
}

// Every match, however many pages: the iterator asks for the next page (starting_after) itself.
const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
const totals = new Map();
let count = 0;
for await (const invoice of paygate.invoices({
  status: ['DONE'],
  createdFrom: weekAgo,
  limit: 100,
})) {
  count += 1;
  totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoice.amount);
}
console.log(`DONE in the last 7 days: ${count} invoices`);
for (const [currency, amount] of totals) console.log(`  ${currency}: ${amount} (minor units)`);
