import { randomInt, randomUUID } from 'node:crypto';
import type { CreateInvoiceBody, Invoice } from '@paygate/merchant-sdk';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { demoPassword } from './backoffice-session.ts';
import { demoMerchantApi } from './demo-api.ts';
import { E2E_URLS } from './e2e-servers.ts';
import { saveScreenshot } from './screenshots.ts';

/** The form is opened on its own origin, at the path the merchant API hands out. */
export const formUrl = (paymentUrl: string, lang?: string) =>
  `${E2E_URLS.paymentForm}${new URL(paymentUrl).pathname}${lang ? `?lang=${lang}` : ''}`;

/** The merchant API's invoice (docs/merchant-api.md), as the merchant SDK types it. */
export type MerchantInvoice = Invoice;

/**
 * Creates an invoice of the demo merchant through the merchant SDK, with a fresh
 * merchantInvoiceId, and fails the test unless it is created (the SDK throws the API's problem
 * otherwise).
 */
export const createInvoice = async (
  body: Omit<CreateInvoiceBody, 'merchantInvoiceId'> & { merchantInvoiceId?: string },
): Promise<MerchantInvoice> => {
  const created = await demoMerchantApi.createInvoice({
    merchantInvoiceId: `e2e-pay-${randomUUID()}`,
    ...body,
  });
  expect(created.replayed, 'a new invoice, not the replay of an earlier one').toBe(false);
  return created.invoice;
};

/** The invoice as the merchant API reads it now. */
export const readInvoice = (invoiceId: string): Promise<MerchantInvoice> =>
  demoMerchantApi.getInvoice(invoiceId);

/**
 * An amount of `base` minor units plus a random number of whole units (up to 999): some demo
 * accounts refuse a second open invoice of the same amount (checkUniqueAmount), and keep an
 * amount for two hours after its payment ends unpaid, so parallel payments of one test on two
 * projects, and a test run again, must not share one.
 */
export const distinctAmount = (base: number) => base + randomInt(1, 1_000) * 100;

/** "4123.00 UZS": how the form shows minor units of a two-decimal currency (SPEC §5). */
export const shownAmount = (minor: number, currency: string) =>
  `${(minor / 100).toFixed(2)} ${currency}`;

const SANDBOX_TERMINAL_NAMES = {
  DEPOSIT: 'E2E sandbox deposits',
  WITHDRAWAL: 'E2E sandbox payouts',
} as const;

/**
 * A terminal of the demo merchant in test mode, so the sandbox provider settles its payments
 * (SANDBOX_SETTLE_SECONDS after they start). Made the way a merchant makes one: signed in as the
 * merchant's user, POST /api/v1/terminal/merchantId=… (new terminals start in test mode). Found
 * by name when an earlier test of the run made it already, so a run adds one terminal per kind.
 */
export const sandboxTerminalId = async (
  request: APIRequestContext,
  flowType: 'DEPOSIT' | 'WITHDRAWAL',
  currency: string,
): Promise<number> => {
  const name = `${SANDBOX_TERMINAL_NAMES[flowType]} ${currency}`;
  const api = (path: string) => `${E2E_URLS.api}${path}`;
  const login = await request.post(api('/api/v1/login'), {
    data: { username: 'merchant', password: demoPassword('merchant') },
  });
  expect(login.status(), 'sign-in of the demo merchant').toBe(200);
  const terminals = (await (await request.get(api('/api/v1/terminal'))).json()) as {
    data: Array<{ id: number; name: string; isTest: boolean; enable: boolean }>;
  };
  const existing = terminals.data.find((terminal) => terminal.name === name);
  if (existing) {
    expect(existing, `terminal ${name} still in test mode and enabled`).toMatchObject({
      isTest: true,
      enable: true,
    });
    return existing.id;
  }

  const me = (await (await request.get(api('/api/v1/people/me'))).json()) as {
    data: { merchantId: number };
  };
  const flowTypes = (await (
    await request.get(api('/api/v1/reference?refHeaderId=200'))
  ).json()) as { data: Array<{ id: number; code: string }> };
  const currencies = (await (await request.get(api('/api/v1/reference/currency'))).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  const flowTypeId = flowTypes.data.find((item) => item.code === flowType)?.id;
  const currencyId = currencies.data.find((item) => item.code === currency)?.id;
  const created = await request.post(api(`/api/v1/terminal/merchantId=${me.data.merchantId}`), {
    data: { name, flowTypeId, currencyId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const terminal = ((await created.json()) as { data: { id: number; isTest: boolean } }).data;
  expect(terminal.isTest, 'a new terminal starts in test mode').toBe(true);
  return terminal.id;
};

/**
 * Every payment-form step is looked at twice: a full-page screenshot for reviewers (desktop and
 * phone, artifacts/screenshots) and axe (no serious or critical violation).
 */
export const checkFormStep = async (page: Page, testInfo: TestInfo, name: string) => {
  await saveScreenshot(page, testInfo, `payment-${name}`);
  await expectNoSeriousA11yViolations(page, `payment form: ${name}`);
};
