// Receives webhook deliveries: verifies each with the webhook secret and answers 204.
//   node examples/webhook-receiver.mjs
// Add http://<this host>:4000/webhooks as an endpoint on the Developers screen (PORT=0 picks a
// free port). Without PAYGATE_WEBHOOK_SECRET it uses the demo merchant's webhook secret.
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@paygate/merchant-sdk';

const secret =
  process.env.PAYGATE_WEBHOOK_SECRET ?? 'whsec_2NznK3Z8G4syvZEAWFXoNmTNL5MnYimJhT7W7Es2ws8=';
// Deliveries may repeat (retries, resends): the webhook-id says which ones were seen already.
const seen = new Set();

const server = createServer(async (request, response) => {
  if (request.method !== 'POST' || request.url !== '/webhooks') {
    response.writeHead(404).end();
    return;
  }
  // Verify the raw body exactly as received, before parsing it.
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const rawBody = Buffer.concat(chunks).toString('utf8');

  let event;
  try {
    event = verifyWebhook(rawBody, request.headers, secret);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    console.log(`Refused a delivery: ${error.message}`);
    response.writeHead(400).end();
    return;
  }

  const eventId = request.headers['webhook-id'];
  if (seen.has(eventId)) {
    console.log(`${eventId} again: already handled`);
  } else {
    seen.add(eventId);
    switch (event.type) {
      case 'webhook.test':
        console.log(`${eventId} webhook.test: ${event.data.message}`);
        break;
      case 'invoice.done':
        console.log(
          `${eventId} invoice.done: ${event.data.invoiceId} paid, ${event.data.amount} ${event.data.currency}`,
        );
        break;
      default:
        // invoice.created, invoice.status_changed, invoice.declined, invoice.canceled, …
        console.log(`${eventId} ${event.type}: ${event.data.invoiceId} is ${event.data.status}`);
    }
  }
  // Any 2xx within 10 s acknowledges the event; anything else is retried.
  response.writeHead(204).end();
});

server.listen(Number(process.env.PORT ?? 4000), () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Listening on http://127.0.0.1:${port}/webhooks`);
});
// Ctrl+C or SIGTERM: stop taking deliveries, finish the ones in flight, exit.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => console.log('Stopped')));
}
