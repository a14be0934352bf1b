import { randomUUID } from 'node:crypto';
import {
  PaygateApiError,
  PaygateClient,
  verifyWebhook,
  type WebhookEvent,
} from '@paygate/merchant-sdk';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/backoffice-session.ts';
import { expectToast, invoiceField, openScreen } from '../support/backoffice-ui.ts';
import {
  type CallbackReceiver,
  type ReceivedRequest,
  startCallbackReceiver,
} from '../support/callback-receiver.ts';
import { demoApiAs } from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { distinctAmount, sandboxTerminalId } from '../support/payment-form.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * Issue 23, a merchant's developer serving themselves (decision 0021): the demo merchant's user
 * opens Developers, creates an API key with both scopes and reads its secret from the once-only
 * dialog; the merchant's server (the merchant SDK with that key) creates a test invoice; the user
 * adds a webhook endpoint (a receiver of this test) for invoice.done and invoice.status_changed,
 * reveals the webhook signing secret and sends a test event, which arrives signed with it and is
 * listed under Events with its 204 attempt; Simulate → "Simulate paid" on the invoice's details
 * sends the invoice's status change and its outcome to the endpoint; revoking the key makes the
 * SDK's next call a 401.
 *
 * Both projects run it against one database, so the key's label and the endpoint's URL are new
 * per run; the endpoint is deleted and the key revoked on the screen (and, should a step fail
 * first, through the back-office API afterwards), so reruns stay within the merchant's limits
 * (20 live keys, 10 endpoints).
 */

const unique = () => randomUUID().slice(0, 8);

/** The screen's tab, by its name. */
const openTab = async (page: Page, name: string) => {
  const tab = page.getByRole('tablist', { name: 'Developer settings' }).getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
};

/** A value of a secret dialog (Public key, Secret, Signing secret), by its term. */
const secretValue = async (dialog: Locator, label: string): Promise<string> => {
  const value = dialog
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .locator('code');
  await expect(value).toBeVisible();
  return (await value.textContent())?.trim() ?? '';
};

/** The deliveries that reached the receiver with the given webhook-id header (an event's id). */
const deliveriesOf = (receiver: CallbackReceiver, eventId: string): ReceivedRequest[] =>
  receiver.callbacks.filter((callback) => callback.headers['webhook-id'] === eventId);

/** Every delivery verified with the secret, with its webhook-id: a failure throws. */
const verifiedDeliveries = (receiver: CallbackReceiver, secret: string) =>
  receiver.callbacks.map((callback) => ({
    eventId: callback.headers['webhook-id'] ?? '',
    path: callback.path,
    event: verifyWebhook(callback.body, callback.headers, secret),
  }));

/** The invoice a verified delivery is about, if any (webhook.test is about none). */
const invoiceIdOf = (event: WebhookEvent): string | undefined =>
  event.type === 'webhook.test' ? undefined : event.data.invoiceId;

/**
 * What a rerun needs gone, should the test stop before the screen's own Delete and Revoke: the
 * endpoint (by URL) and the key (by label), through the back-office API as the demo merchant.
 */
const cleanUp = async (api: APIRequestContext, { url, label }: { url: string; label: string }) => {
  const endpoints = (await (await api.get('/api/v1/developers/webhook-endpoints')).json()) as {
    data: Array<{ id: number; url: string }>;
  };
  for (const endpoint of endpoints.data.filter((each) => each.url === url)) {
    await api.delete(`/api/v1/developers/webhook-endpoints/${endpoint.id}`);
  }
  const keys = (await (await api.get('/api/v1/developers/api-keys')).json()) as {
    data: Array<{ id: number; label: string; revokedAt: string | null }>;
  };
  for (const key of keys.data.filter((each) => each.label === label && !each.revokedAt)) {
    await api.post(`/api/v1/developers/api-keys/${key.id}/revoke`);
  }
};

let receiver: CallbackReceiver;
test.beforeEach(async () => {
  receiver = await startCallbackReceiver();
});
test.afterEach(async () => {
  await receiver.stop();
});

test('a merchant creates an API key, receives signed webhooks at its endpoint, simulates a payment and revokes the key', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const label = `E2E key ${suffix}`;
  const endpointUrl = `${receiver.origin}/webhooks/${suffix}`;
  const description = `E2E receiver ${suffix}`;
  // A test terminal of the demo merchant (found, or made through the back-office API).
  const terminalId = await sandboxTerminalId(request, 'DEPOSIT', 'UZS');

  try {
    let publicKey = '';
    let secret = '';
    await test.step('1. the merchant opens Developers and creates a key with both scopes', async () => {
      await signIn(page, 'merchant');
      await openScreen(page, 'Developers', 'Developers');
      await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      // Neither a label nor a scope yet: both are asked for.
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Label is required', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Choose at least one scope', { exact: true })).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
      for (const scope of ['invoices:read', 'invoices:write']) {
        const box = dialog.getByRole('checkbox', { name: scope });
        await box.check();
        await expect(box).toBeChecked();
      }
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'API key created');

      // The secret, once: the dialog says so and a stray click beside it does not close it.
      const shown = page.getByRole('dialog', { name: `API key ${label}` });
      await expect(shown).toContainText('This secret is shown only once');
      publicKey = await secretValue(shown, 'Public key');
      secret = await secretValue(shown, 'Secret');
      expect(publicKey).toMatch(/^pk_\w+$/);
      expect(secret).toMatch(/^sk_[A-Za-z0-9+/]{43}=$/);
      await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(shown).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the new API key dialog');
      await saveScreenshot(page, testInfo, 'developers-api-key-secret');
      await shown.getByRole('button', { name: 'I have stored the secret' }).click();
      await expect(shown).toBeHidden();
      await expect(page.getByRole('button', { name: 'Create API key' })).toBeFocused();

      // Listed with its public key and scopes; the secret is nowhere on the screen any more.
      const row = page.getByRole('row').filter({ hasText: label });
      await expect(row).toContainText(publicKey);
      await expect(row).toContainText('Read invoices and events, Create invoices');
      await expect(row).toContainText('Never');
      await expect(row).toContainText('Active');
      await expect(page.getByText(secret)).toHaveCount(0);
    });

    // The merchant's server, with the key just made.
    const client = new PaygateClient({ baseUrl: E2E_URLS.api, apiKey: publicKey, secret });
    const merchantInvoiceId = `e2e-dev-${randomUUID()}`;
    const amount = distinctAmount(250_000);
    let invoiceId = '';
    await test.step('2. the merchant server creates a test invoice with the new key', async () => {
      const created = await client.createInvoice({
        merchantInvoiceId,
        flowType: 'DEPOSIT',
        terminalId,
        amount,
        currency: 'UZS',
        // "pending": the sandbox leaves it in progress, so only Simulate settles it. No
        // callbackUrl: the invoice's events go to the merchant's endpoints.
        customer: { externalId: `pending-e2e-${suffix}`, firstName: 'Timur', lastName: 'Test' },
      });
      expect(created.replayed).toBe(false);
      expect(created.invoice).toMatchObject({
        merchantInvoiceId,
        status: 'NEW',
        isTest: true,
        amount,
        currency: 'UZS',
      });
      invoiceId = created.invoice.invoiceId;
      // invoices:read: the same key reads it back.
      expect(await client.getInvoice(invoiceId)).toMatchObject({ invoiceId, status: 'NEW' });
    });

    await test.step('3. the merchant adds an endpoint at their server for two event types', async () => {
      await openTab(page, 'Webhook endpoints');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByRole('textbox', { name: 'URL' }).fill(endpointUrl);
      await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
      for (const type of ['invoice.status_changed', 'invoice.done']) {
        const box = dialog.getByRole('checkbox', { name: type, exact: true });
        await box.check();
        await expect(box).toBeChecked();
      }
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(page, 'Endpoint added');
      await expect(dialog).toBeHidden();
      const row = page
        .getByRole('table', { name: 'Webhook endpoints' })
        .getByRole('row')
        .filter({ hasText: endpointUrl });
      await expect(row).toContainText(description);
      await expect(row.getByRole('listitem')).toHaveText([
        'invoice.status_changed',
        'invoice.done',
      ]);
      await expect(row).toContainText('Enabled');
      await expect(row.getByRole('switch', { name: `Enabled: ${endpointUrl}` })).toBeChecked();
      await expectNoHorizontalOverflow(page, 'the webhook endpoints tab');
      await saveScreenshot(page, testInfo, 'developers-endpoints');
    });

    let webhookSecret = '';
    await test.step('4. the merchant reveals the webhook signing secret', async () => {
      await openTab(page, 'Webhook signing secret');
      const panel = page.getByRole('tabpanel', { name: 'Webhook signing secret' });
      await expect(panel.getByText('Current', { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: 'Reveal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
      await expect(dialog).toContainText('Revealing the secret is recorded in the audit log.');
      webhookSecret = await secretValue(dialog, 'Signing secret');
      expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      // The list shows the same secret's hint only: its last four characters.
      await expect(panel.locator('code').first()).toHaveText(`whsec_…${webhookSecret.slice(-4)}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
    });

    let testEventId = '';
    await test.step('5. "Send test event": a webhook.test delivery that verifies with the secret', async () => {
      await openTab(page, 'Webhook endpoints');
      await page.getByRole('button', { name: `Send test event to ${endpointUrl}` }).click();
      const toast = page.getByRole('alert').filter({ hasText: /Test event evt_\w+ sent/ });
      await expect(toast).toBeVisible();
      testEventId = /Test event (evt_\w+) sent/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
      await expectToast(page, `Test event ${testEventId} sent`);

      await expect
        .poll(() => deliveriesOf(receiver, testEventId).length, {
          timeout: 15_000,
          message: 'the test event reaches the endpoint',
        })
        .toBeGreaterThan(0);
      const [delivery] = deliveriesOf(receiver, testEventId);
      if (!delivery) throw new Error('no test delivery');
      expect(delivery.path).toBe(`/webhooks/${suffix}`);
      expect(delivery.headers['content-type']).toContain('application/json');
      const event = verifyWebhook(delivery.body, delivery.headers, webhookSecret);
      expect(event.type).toBe('webhook.test');
      expect(event.data).toMatchObject({
        message: expect.any(String),
        endpointId: expect.any(Number),
      });
    });

    await test.step('6. Events lists the test event; its details show the 204 attempt', async () => {
      // The attempt is recorded once the receiver has answered: wait for it before looking.
      await expect
        .poll(
          async () => {
            const details = (await (
              await page.request.get(
                `${E2E_URLS.backoffice}/api/v1/developers/events/${testEventId}`,
              )
            ).json()) as {
              data?: { deliveries: Array<{ attemptsLog: Array<{ responseCode: number | null }> }> };
            };
            return details.data?.deliveries[0]?.attemptsLog[0]?.responseCode ?? null;
          },
          { timeout: 15_000, message: 'the test delivery attempt is recorded' },
        )
        .toBe(204);

      await openTab(page, 'Events');
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'webhook.test' });
      await expect(page).toHaveURL(/[?&]type=webhook\.test/);
      const row = page
        .getByRole('table', { name: 'Events' })
        .getByRole('row')
        .filter({ hasText: testEventId });
      await expect(row).toContainText('webhook.test');
      await expect(row).toContainText('SENT 204');
      await expectNoHorizontalOverflow(page, 'the events tab');
      await saveScreenshot(page, testInfo, 'developers-events');

      await row.getByRole('button', { name: `Details of event ${testEventId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Event ${testEventId}` });
      await expect(dialog.getByTestId('event-payload')).toContainText('"type": "webhook.test"');
      const attempts = dialog.getByRole('table', { name: `Attempts to ${endpointUrl}` });
      await expect(attempts.locator('tbody tr')).toHaveCount(1);
      await expect(attempts.locator('tbody tr td').nth(1)).toHaveText('204');
      await expect(dialog.getByRole('button', { name: `Resend to ${endpointUrl}` })).toBeVisible();
      await expectNoHorizontalOverflow(page, 'the event details dialog');
      await expectNoSeriousA11yViolations(page, 'the event details dialog');
      await saveScreenshot(page, testInfo, 'developers-event-details');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('7. Simulate → "Simulate paid" on the invoice: its events reach the endpoint', async () => {
      const search = page.getByRole('searchbox', { name: 'Search' });
      await openScreen(page, 'Dashboard', 'Transactions');
      await search.fill(invoiceId);
      await search.press('Enter');
      const transactions = page.getByRole('table', { name: 'Transactions' });
      await expect(transactions.locator('tbody tr')).toHaveCount(1);
      await transactions.locator('tbody tr').first().getByRole('link').first().click();
      await expect(page).toHaveURL(`${E2E_URLS.backoffice}/invoices/${invoiceId}`);
      await expect(invoiceField(page, 'Status')).toContainText('New');

      const simulate = page.getByRole('button', { name: 'Simulate', exact: true });
      await simulate.click();
      await expect(simulate).toHaveAttribute('aria-expanded', 'true');
      const choices = page.getByRole('group', {
        name: 'Simulate the outcome of this test invoice',
      });
      await expect(choices.getByRole('button', { name: 'Simulate declined' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'developers-simulate');
      await choices.getByRole('button', { name: 'Simulate paid' }).click();
      await expectToast(page, 'Simulated: DONE');
      await expect(invoiceField(page, 'Status')).toContainText('Done');
      await expect(
        page.getByRole('region', { name: 'Status history' }).getByRole('listitem'),
      ).toHaveText([/^New /, /^In progress /, /^Done /]);
      // Settled: nothing is left to simulate.
      await expect(simulate).toHaveCount(0);

      /** The verified deliveries about this invoice, of one type. */
      const ofInvoice = (type: string) =>
        verifiedDeliveries(receiver, webhookSecret).filter(
          ({ event }) => event.type === type && invoiceIdOf(event) === invoiceId,
        );
      await expect
        .poll(() => ofInvoice('invoice.done').length, {
          timeout: 20_000,
          message: 'invoice.done reaches the endpoint',
        })
        .toBeGreaterThan(0);
      await expect
        .poll(
          () =>
            ofInvoice('invoice.status_changed').map(({ event }) =>
              event.type === 'invoice.status_changed'
                ? `${event.data.previousStatus}→${event.data.status}`
                : '',
            ),
          { timeout: 20_000, message: 'both status changes reach the endpoint' },
        )
        .toEqual(expect.arrayContaining(['NEW→IN_PROGRESS', 'IN_PROGRESS→DONE']));

      const [done] = ofInvoice('invoice.done');
      expect(done?.eventId).toMatch(/^evt_\w+$/);
      expect(done?.path).toBe(`/webhooks/${suffix}`);
      expect(done?.event.data).toMatchObject({
        invoiceId,
        merchantInvoiceId,
        flowType: 'DEPOSIT',
        status: 'DONE',
        amount,
        currency: 'UZS',
        isTest: true,
      });
      const changes = ofInvoice('invoice.status_changed');
      // One delivery per event: each has its own id.
      expect(new Set(changes.map(({ eventId }) => eventId)).size).toBe(changes.length);
      for (const { event } of changes) {
        expect(event.data).toMatchObject({ invoiceId, merchantInvoiceId, amount, isTest: true });
      }
      // Only the subscribed types: no invoice.created of this invoice was sent.
      expect(ofInvoice('invoice.created')).toEqual([]);
      // The merchant's server sees it paid too.
      expect(await client.getInvoice(invoiceId)).toMatchObject({ status: 'DONE' });
    });

    await test.step('8. the merchant deletes the endpoint', async () => {
      await openScreen(page, 'Developers', 'Developers');
      await openTab(page, 'Webhook endpoints');
      await page.getByRole('button', { name: `Delete ${endpointUrl}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
      await expect(confirm).toContainText(`Delete the endpoint ${endpointUrl}?`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Endpoint deleted');
      await expect(confirm).toBeHidden();
      await expect(page.getByText(endpointUrl)).toHaveCount(0);
    });

    await test.step('9. the merchant revokes the key: the next call with it is refused (401)', async () => {
      // Loaded afresh (the screen keeps a list it showed a minute ago as it was).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
      await openTab(page, 'API keys');
      const row = page.getByRole('row').filter({ hasText: label });
      // Used by the merchant's server meanwhile.
      await expect(row).not.toContainText('Never');
      await row.getByRole('button', { name: `Revoke key ${label}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
      await expect(confirm).toContainText(
        `Revoke key ${label}? Requests signed with it will be refused at once.`,
      );
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expectToast(page, `Key ${label} revoked`);
      await expect(confirm).toBeHidden();
      await expect(row).toContainText('Revoked');
      await expect(row.getByRole('button', { name: `Revoke key ${label}` })).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'developers-api-key-revoked');

      const refused = await client.getInvoice(invoiceId).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(PaygateApiError);
      expect((refused as PaygateApiError).status).toBe(401);
    });
  } finally {
    const api = await demoApiAs(playwright, 'merchant');
    try {
      await cleanUp(api, { url: endpointUrl, label });
    } finally {
      await api.dispose();
    }
  }
});
