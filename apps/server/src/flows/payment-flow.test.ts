import {
  computeSupportCode,
  SANDBOX_REQUISITE_OWNER,
  SANDBOX_REQUISITE_VALUES,
} from '@paygate/domain';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  paymentMethods,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  providers,
} from '../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../db/testing/test-databases.ts';
import { deliverDueCallbacks } from '../modules/callbacks/callback-delivery-job.ts';
import {
  type CallbackReceiver,
  headerRecord,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from '../modules/callbacks/callback-test-receiver.ts';
import { settleSandboxPayments } from '../modules/invoices/sandbox-provider-job.ts';
import { signedCall } from '../modules/merchant-api/merchant-api-test-client.ts';
import {
  createMerchantApiFixture,
  invoiceBody,
  type MerchantApiFixture,
} from '../modules/merchant-api/merchant-api-test-fixture.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { issueProviderSigningSecret } from '../modules/provider-api/provider-keys.ts';
import { currencyId, referenceItemId } from '../seed/reference-data.ts';
import { type SignedCall, signedRequest } from '../testing/signed-call.ts';
import { createTestPerson, signIn } from '../testing/test-app.ts';
import { createTestTerminal } from '../testing/test-data.ts';

/**
 * The whole deposit journey through the real endpoints: the merchant's signed create, the
 * customer's form calls, the sandbox provider, the callback the merchant verifies with an
 * off-the-shelf Standard Webhooks library, and what the back office then shows.
 */
describe.each(TEST_DATABASE_KINDS)(
  'deposit from merchant API to verified callback on %s',
  (kind) => {
    let fixture: MerchantApiFixture;
    let receiver: CallbackReceiver;

    beforeAll(async () => {
      fixture = await createMerchantApiFixture(kind);
      receiver = await startCallbackReceiver();
      const { db } = fixture.testApp;
      const [provider] = await db.select().from(providers).limit(1);
      const [humo] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.code, 'HUMOUZS'));
      const [account] = await db
        .insert(peopleAccounts)
        .values({
          providerId: provider?.id ?? 0,
          paymentMethodId: humo?.id ?? 0,
          bankName: 'Hamkorbank',
          ownerName: 'Aziz Karimov',
        })
        .returning();
      await db.insert(peopleAccountCredentials).values({
        peopleAccountId: account?.id ?? 0,
        credentialTypeId: referenceItemId(103, 1),
        paramTypeId: referenceItemId(102, 2),
        value: '9860123412341234',
      });
      await db
        .insert(peopleAccountLimits)
        .values({ peopleAccountId: account?.id ?? 0, limit: 50_000_000n });
    });
    afterAll(async () => {
      await receiver?.close();
      await fixture?.testApp.close();
    });

    it('creates, pays, confirms, calls back and shows the invoice as DONE', async () => {
      const { app, db } = fixture.testApp;
      const created = await signedCall(app, fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        body: invoiceBody(fixture.terminals.uzsDeposits, {
          amount: 1_000_000,
          canChangeAmount: true,
          callbackUrl: receiver.url(),
          successUrl: 'https://shop.example/thanks',
        }),
      });
      expect(created.statusCode).toBe(201);
      const { invoiceId, formId, paymentUrl } = created.json().data;
      expect(paymentUrl).toMatch(new RegExp(`/payment/${formId}$`));

      const form = (step: string, payload?: object) =>
        app.inject({
          method: 'POST',
          url: `/api/payments/form/${formId}/${step}`,
          ...(payload ? { payload } : {}),
        });
      const init = (await form('init')).json().data;
      const humo = init.methods.find((method: { name: string }) => method.name === 'Humo');
      const credential = await form('credential', {
        amount: 1_200_000,
        formId,
        paymentMethodId: humo.id,
        supportCode: await computeSupportCode(formId, init.verficationKey),
      });
      expect(credential.statusCode).toBe(200);
      // The terminal is in test mode: the sandbox's requisites, never the account's (decision 0008).
      expect(credential.json().data.credentials).toMatchObject({
        value: SANDBOX_REQUISITE_VALUES.CARD,
        owner: SANDBOX_REQUISITE_OWNER,
        type: 'card',
      });
      expect((await form('complete', { formId })).json().data.successUrl).toBe(
        'https://shop.example/thanks',
      );
      expect((await form('status')).json().data.status).toBe('IN_PROGRESS');

      await db
        .update(invoices)
        .set({ statusDate: new Date(Date.now() - 60_000) })
        .where(eq(invoices.id, invoiceId));
      expect(await settleSandboxPayments(db, { delaySeconds: 5 })).toBe(1);
      expect((await form('status')).json().data.status).toBe('DONE');

      expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const delivery = receiver.received[0];
      if (!delivery) throw new Error('no callback received');
      const verified = new Webhook(fixture.shop.webhookSecret).verify(
        delivery.body,
        headerRecord(delivery.headers),
      );
      expect(verified).toMatchObject({
        type: 'invoice.done',
        data: { invoiceId, status: 'DONE', amount: 1_200_000, currency: 'UZS' },
      });

      const read = await signedCall(app, fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoiceId}`,
      });
      expect(read.json().data).toMatchObject({ status: 'DONE', amount: 1_200_000 });

      await createTestPerson(db, { username: 'support', role: 'support' });
      const cookie = await signIn(app, 'support', 'support-password');
      const staff = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
      expect((await staff(`/api/v1/invoice/${invoiceId}`)).json().data.invoiceStatus.code).toBe(
        'DONE',
      );
      const history = (await staff(`/api/v1/event/status?invoiceId=${invoiceId}`)).json().data;
      expect(history.map((row: { status: { code: string } }) => row.status.code)).toEqual([
        'NEW',
        'IN_PROGRESS',
        'DONE',
      ]);
      const callbacks = (await staff(`/api/v1/merchant/callback?invoiceId=${invoiceId}`)).json()
        .data;
      expect(callbacks).toMatchObject([{ status: 'SENT', invoiceStatus: 'DONE', attempts: 1 }]);
      const events = (await staff(`/api/v1/event/invoice?invoiceId=${invoiceId}`)).json().data;
      expect(events.map((row: { eventCode: string }) => row.eventCode)).toEqual(
        expect.arrayContaining(['INVOICE_CREATED', 'STATUS_CHANGED', 'CUSTOMER_MARKED_PAID']),
      );
    });

    /** The hosted form's calls, as the payment form makes them. */
    const formOf = (formId: string) => (step: string, payload?: object) =>
      fixture.testApp.app.inject({
        method: step === 'banks/sbp' ? 'GET' : 'POST',
        url: `/api/payments/form/${formId}/${step}`,
        ...(payload ? { payload } : {}),
      });

    /** Delivers due callbacks and returns the new ones, verified as a merchant would. */
    const deliverAndVerify = async () => {
      const before = receiver.received.length;
      await deliverDueCallbacks(fixture.testApp.db, TO_LOCAL_RECEIVER);
      return receiver.received
        .slice(before)
        .map((delivery) =>
          new Webhook(fixture.shop.webhookSecret).verify(
            delivery.body,
            headerRecord(delivery.headers),
          ),
        );
    };

    it('pays out a fast-payment (SBP) withdrawal through the sandbox and calls back', async () => {
      const { app, db } = fixture.testApp;
      const payouts = await createTestTerminal(db, fixture.shop.id, {
        name: 'RUB out',
        flowType: 'WITHDRAWAL',
        currencyId: currencyId('RUB'),
      });
      const created = await signedCall(app, fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        body: invoiceBody(payouts.id, {
          flowType: 'WITHDRAWAL',
          currency: 'RUB',
          amount: 450_000,
          callbackUrl: receiver.url(),
          successUrl: 'https://shop.example/paid-out',
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { invoiceId, formId } = created.json().data;
      const form = formOf(formId);

      const init = (await form('init')).json().data;
      expect(init.type).toBe('withdrawal');
      const sbp = init.methods.find((method: { name: string }) => method.name === 'Sbp');
      const chosen = await form('credential', {
        amount: 450_000,
        formId,
        paymentMethodId: sbp.id,
        supportCode: await computeSupportCode(formId, init.verficationKey),
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const banks = (await form('banks/sbp')).json().data;
      const bank = banks[1];
      const completed = await form('complete', {
        formId,
        credential: '+79123456789',
        bankCodeInteger: bank.codeInteger,
      });
      expect(completed.json().data.successUrl).toBe('https://shop.example/paid-out');
      expect((await form('status')).json().data.status).toBe('IN_PROGRESS');
      const [requested] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(requested).toMatchObject({
        credentialValue: '79123456789',
        bankCodeInteger: bank.codeInteger,
      });

      await db
        .update(invoices)
        .set({ statusDate: new Date(Date.now() - 60_000) })
        .where(eq(invoices.id, invoiceId));
      expect(await settleSandboxPayments(db, { delaySeconds: 5 })).toBe(1);
      expect((await form('status')).json().data.status).toBe('DONE');
      expect(await deliverAndVerify()).toMatchObject([
        {
          type: 'invoice.done',
          data: {
            invoiceId,
            status: 'DONE',
            flowType: 'WITHDRAWAL',
            amount: 450_000,
            currency: 'RUB',
          },
        },
      ]);

      await createTestPerson(db, { username: 'payouts', role: 'support' });
      const cookie = await signIn(app, 'payouts', 'payouts-password');
      const attempts = await app.inject({
        url: `/api/v1/transaction/invoice?invoiceId=${invoiceId}`,
        headers: { cookie },
      });
      expect(attempts.json().data).toMatchObject([{ status: 'SUCCESS' }]);
    });

    it('confirms a production deposit through the provider API and moves the balance', async () => {
      const { app, db } = fixture.testApp;
      const providerSecret = await issueProviderSigningSecret(db, 'SANDBOX');
      const provider = (call: SignedCall) =>
        signedRequest(
          app,
          { prefix: PROVIDER_API_PREFIX, apiKey: 'SANDBOX', signingSecret: providerSecret },
          call,
        );
      await createTestPerson(db, {
        username: 'shopowner',
        role: 'merchant',
        merchantId: fixture.shop.id,
      });
      const owner = await signIn(app, 'shopowner', 'shopowner-password');
      const figures = async (path: string) =>
        (
          await app.inject({
            url: `/api/v1/merchant/${path}?terminalId=${fixture.terminals.production}`,
            headers: { cookie: owner },
          })
        ).json().data;
      expect(await figures('deposit')).toEqual([]);

      const created = await signedCall(app, fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        body: invoiceBody(fixture.terminals.production, {
          amount: 730_000,
          paymentMethodName: 'Humo',
          callbackUrl: receiver.url(),
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { invoiceId, formId } = created.json().data;
      const form = formOf(formId);
      const init = (await form('init')).json().data;
      const humo = init.methods.find((method: { name: string }) => method.name === 'Humo');
      const credential = await form('credential', {
        amount: 730_000,
        formId,
        paymentMethodId: humo.id,
        supportCode: await computeSupportCode(formId, init.verficationKey),
      });
      expect(credential.json().data.credentials.value).toBe('9860123412341234');
      await form('complete', { formId });

      // Production: the sandbox leaves it alone; the provider decides.
      await db
        .update(invoices)
        .set({ statusDate: new Date(Date.now() - 60_000) })
        .where(eq(invoices.id, invoiceId));
      expect(await settleSandboxPayments(db, { delaySeconds: 5 })).toBe(0);
      const seen = await provider({ method: 'GET', path: `/invoices/${invoiceId}` });
      expect(seen.json().data).toMatchObject({
        status: 'IN_PROGRESS',
        amount: 730_000,
        credential: '9860123412341234',
      });

      const paid = await provider({
        method: 'POST',
        path: `/invoices/${invoiceId}/status`,
        body: { status: 'PAYED', providerInvoiceId: 'bank-771' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      // The form keeps waiting on PAYED; deposits count once confirmed.
      expect((await form('status')).json().data.status).toBe('PAYED');
      expect(await figures('deposit')).toEqual([]);

      await provider({
        method: 'POST',
        path: `/invoices/${invoiceId}/status`,
        body: { status: 'DONE', providerInvoiceId: 'bank-771' },
      });
      expect((await form('status')).json().data.status).toBe('DONE');
      expect(await deliverAndVerify()).toMatchObject([
        { type: 'invoice.done', data: { invoiceId, status: 'DONE', amount: 730_000 } },
      ]);
      expect(await figures('deposit')).toEqual([
        { sum: 730_000, count: 1, currency: { code: 'UZS', dimension: 2 } },
      ]);
      expect((await figures('balance')).balance).toEqual([
        { sum: 730_000, currency: { code: 'UZS', dimension: 2 } },
      ]);
      const read = await signedCall(app, fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoiceId}`,
      });
      expect(read.json().data).toMatchObject({ status: 'DONE', isTest: false });
    });
  },
);
