import { randomBytes } from 'node:crypto';
import { balancePosition } from '@paygate/domain';
import type { Database } from '../db/database.ts';
import { invoices, terminals } from '../db/schema.ts';
import { changeMerchantBalance } from '../modules/balances/merchant-balance-repository.ts';
import { currencyId } from '../seed/reference-data.ts';

/** Test rows with sensible defaults; tests override what they are about. */
export const createTestTerminal = async (
  db: Database,
  merchantId: number,
  overrides: Partial<typeof terminals.$inferInsert> = {},
) => {
  const [terminal] = await db
    .insert(terminals)
    .values({
      merchantId,
      name: 'Test terminal',
      flowType: 'DEPOSIT',
      currencyId: currencyId('UZS'),
      ...overrides,
    })
    .returning();
  if (!terminal) throw new Error('terminal insert returned nothing');
  return terminal;
};

export const createTestInvoice = async (
  db: Database,
  terminal: {
    id: number;
    merchantId: number;
    currencyId: number;
    flowType: 'DEPOSIT' | 'WITHDRAWAL';
  },
  overrides: Partial<typeof invoices.$inferInsert> = {},
) => {
  // One transaction, as the engine's: the database checks at commit that the balance and its
  // ledger row moved together (migration 0018).
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .insert(invoices)
      .values({
        merchantId: terminal.merchantId,
        terminalId: terminal.id,
        merchantInvoiceId: `order-${randomBytes(6).toString('hex')}`,
        flowType: terminal.flowType,
        amount: 100_000n,
        currencyId: terminal.currencyId,
        customerExternalId: 'customer-1',
        formId: randomBytes(18).toString('base64url'),
        expiresAt: new Date(Date.now() + 15 * 60_000),
        ...overrides,
      })
      .returning();
    if (!invoice) throw new Error('invoice insert returned nothing');
    // An invoice written straight into a state holds the money that state holds, as if the engine
    // had moved it there (merchant balances, decision 0017).
    await changeMerchantBalance(
      tx,
      { merchantId: invoice.merchantId, currencyId: invoice.currencyId },
      balancePosition(invoice),
      {
        requireCover: false,
        cause: {
          kind: 'invoice',
          invoice,
          before: null,
          after: { status: invoice.status, amount: invoice.amount, fee: invoice.fee },
          personId: null,
          at: invoice.statusDate,
        },
      },
    );
    return invoice;
  });
};
