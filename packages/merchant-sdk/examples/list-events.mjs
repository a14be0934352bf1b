// Lists the newest events (what webhooks were sent, or would have been) with their deliveries.
//   node examples/list-events.mjs [invoiceId]
import { PaygateClient } from '@paygate/merchant-sdk';

const paygate = new PaygateClient({
  baseUrl: process.env.PAYGATE_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.PAYGATE_API_KEY ?? 'pk_a801db0578cc5d79f71530ce39544b5e',
  secret: process.env.PAYGATE_API_SECRET ?? 'whsec_OKTVSxmsf+leJBaop/EEXS1h+5GqLGOuKbJ7YIpA5kk=',
});

const invoiceId = process.argv[2];
const page = await paygate.listEvents({ limit: 10, ...(invoiceId ? { invoiceId } : {}) });
console.log(
  `Events${invoiceId ? ` of invoice ${invoiceId}` : ''}, newest first` +
    `${page.has_more ? ' (more follow)' : ''}:`,
);
for (const event of page.data) {
  console.log(
    `  ${event.createdAt}  ${event.id}  ${event.type}  invoice ${event.invoiceId ?? '-'}`,
  );
  if (event.deliveries.length === 0) {
    // No enabled endpoint subscribed to the type, or the invoice has a callbackUrl (it overrides
    // the endpoints) and the event is not an outcome (done, declined, canceled).
    console.log('    not sent: no destination for this event');
  }
  for (const delivery of event.deliveries) {
    const answer =
      delivery.lastResponseCode === null ? '' : `, last answer ${delivery.lastResponseCode}`;
    console.log(
      `    ${delivery.status} to ${delivery.url} after ${delivery.attempts} attempt(s)${answer}`,
    );
  }
}
