import { currencyId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, createTestMerchant, type TestApp } from '../../testing/test-app.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { keysOf } from './merchant-api-test-client.ts';
import type { MerchantKeys } from './merchant-keys.ts';

export interface MerchantApiFixture {
  testApp: TestApp;
  /** keys: the first API key; webhookSecret: what callbacks are signed with. */
  shop: { id: number; keys: MerchantKeys; webhookSecret: string };
  rival: { id: number; keys: MerchantKeys; webhookSecret: string };
  terminals: {
    uzsDeposits: number;
    uzsPayouts: number;
    rubDeposits: number;
    disabled: number;
    production: number;
    rivals: number;
  };
}

/** Two merchants with terminals of every kind the create checks care about. */
export const createMerchantApiFixture = async (
  kind: 'pglite' | 'postgres',
): Promise<MerchantApiFixture> => {
  const testApp = await createTestApp(kind);
  const { db } = testApp;
  await seedReferenceData(db);
  const shop = await createTestMerchant(db, 'Shop');
  const rival = await createTestMerchant(db, 'Rival');
  const terminal = async (
    merchantId: number,
    overrides: Parameters<typeof createTestTerminal>[2] = {},
  ) => (await createTestTerminal(db, merchantId, overrides)).id;
  return {
    testApp,
    shop: { id: shop.id, keys: keysOf(shop), webhookSecret: shop.webhookSecret },
    rival: { id: rival.id, keys: keysOf(rival), webhookSecret: rival.webhookSecret },
    terminals: {
      uzsDeposits: await terminal(shop.id, { name: 'UZS in' }),
      uzsPayouts: await terminal(shop.id, { name: 'UZS out', flowType: 'WITHDRAWAL' }),
      rubDeposits: await terminal(shop.id, { name: 'RUB in', currencyId: currencyId('RUB') }),
      disabled: await terminal(shop.id, { name: 'Off', enabled: false }),
      production: await terminal(shop.id, { name: 'Live', isTest: false }),
      rivals: await terminal(rival.id, { name: 'Theirs' }),
    },
  };
};

/** A valid create body on the shop's UZS deposit terminal; tests override what they are about. */
export const invoiceBody = (terminalId: number, overrides: Record<string, unknown> = {}) => ({
  flowType: 'DEPOSIT',
  terminalId,
  amount: 150_000,
  currency: 'UZS',
  merchantInvoiceId: `order-${crypto.randomUUID()}`,
  customer: { externalId: 'customer-42', firstName: 'Dilnoza', lastName: 'Aliyeva' },
  ...overrides,
});
