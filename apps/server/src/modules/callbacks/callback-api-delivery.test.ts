import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecrets } from '../../db/schema.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from '../invoices/invoice-test-fixture.ts';
import { deliverDueCallbacks } from './callback-delivery-job.ts';
import {
  type CallbackReceiver,
  headerRecord,
  newWebhookSecret,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from './callback-test-receiver.ts';

const DONE_STATUS_ID = referenceItemId(201, 3);

/** From an invoice change in the API to a verified POST at the merchant, as in production. */
describe.each(TEST_DATABASE_KINDS)(
  'callbacks from the back office to the merchant on %s',
  (kind) => {
    let fixture: OperationsFixture;
    let receiver: CallbackReceiver;
    const secret = newWebhookSecret();

    beforeAll(async () => {
      fixture = await createOperationsFixture(kind);
      await fixture.db
        .update(webhookSecrets)
        .set({ secret: secret })
        .where(eq(webhookSecrets.merchantId, fixture.own.id));
      receiver = await startCallbackReceiver();
    });
    afterEach(() => receiver.reset());
    afterAll(async () => {
      await receiver?.close();
      await fixture?.close();
    });

    const verified = (index: number) => {
      const delivery = receiver.received[index];
      if (!delivery) throw new Error(`no delivery #${index}`);
      return {
        id: delivery.headers['webhook-id'],
        payload: new Webhook(secret).verify(delivery.body, headerRecord(delivery.headers)),
      };
    };

    it('delivers the callback of a final status change, then a manual resend as a new message', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'IN_PROGRESS',
        callbackUrl: receiver.url(),
      });
      const changed = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: DONE_STATUS_ID,
      });
      expect(changed.statusCode).toBe(200);

      expect(await deliverDueCallbacks(fixture.db, TO_LOCAL_RECEIVER)).toBe(1);
      // A Standard Webhooks envelope with the event type; amounts are integer minor units.
      expect(verified(0).payload).toMatchObject({
        type: 'invoice.done',
        timestamp: expect.any(String),
        data: {
          invoiceId: invoice.id,
          merchantInvoiceId: invoice.merchantInvoiceId,
          status: 'DONE',
          previousStatus: 'IN_PROGRESS',
          amount: 100000,
          currency: 'UZS',
        },
      });

      const resend = await fixture.call('POST', '/api/v1/merchant/callback', 'support', {
        invoiceId: invoice.id,
      });
      expect(resend.statusCode).toBe(201);
      expect(await deliverDueCallbacks(fixture.db, TO_LOCAL_RECEIVER)).toBe(1);
      // The invoice as it stands, as a new event: a new id, the same type and invoice.
      const [first, second] = [verified(0).payload, verified(1).payload] as Array<{
        type: string;
        data: Record<string, unknown>;
      }>;
      expect(second?.type).toBe('invoice.done');
      expect(second?.data).toMatchObject({ invoiceId: invoice.id, status: 'DONE', amount: 100000 });
      expect(first?.data.statusDate).toBe(second?.data.statusDate);
      expect(verified(1).id).not.toBe(verified(0).id);

      const listed = await fixture.call(
        'GET',
        `/api/v1/merchant/callback?invoiceId=${invoice.id}`,
        'support',
      );
      expect(listed.json().data).toMatchObject([
        {
          status: 'SENT',
          invoiceStatus: 'DONE',
          attempts: 1,
          lastResponseCode: 204,
          isManual: false,
        },
        {
          status: 'SENT',
          invoiceStatus: 'DONE',
          attempts: 1,
          lastResponseCode: 204,
          isManual: true,
        },
      ]);
      for (const callback of listed.json().data) {
        expect(callback.executionDate).toEqual(expect.any(String));
      }
    });
  },
);
