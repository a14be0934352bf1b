import { PAYOUT_PROVIDER_ATTRIBUTE_CODE, REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../seed/reference-data-seed.ts';
import { createTestMerchant } from '../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../testing/test-data.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { invoices, invoiceTransactions, referenceItems, terminalAttributes } from './schema.ts';
import { runMigrationDataStatements } from './testing/migration-data.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from './testing/test-databases.ts';

describe.each(TEST_DATABASE_KINDS)('provider attempt migrations on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let payouts: Awaited<ReturnType<typeof createTestTerminal>>;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await seedReferenceData(db);
    const merchant = await createTestMerchant(db, 'Migrating merchant');
    payouts = await createTestTerminal(db, merchant.id, { name: 'Out', flowType: 'WITHDRAWAL' });
  });
  afterAll(async () => handle?.close());

  /** A payout as the code before these migrations could leave it: attempts without ids. */
  const legacyPayout = async (
    status: 'NEW' | 'IN_PROGRESS' | 'PAYED' | 'DONE' | 'DECLINED' | 'CANCELED',
    attempts: string[],
    providerInvoiceId: string | null = null,
  ) => {
    const invoice = await createTestInvoice(db, payouts, { status });
    await db.update(invoices).set({ providerInvoiceId }).where(eq(invoices.id, invoice.id));
    for (const attempt of attempts) {
      await db.insert(invoiceTransactions).values({ invoiceId: invoice.id, status: attempt });
    }
    return invoice.id;
  };
  const attemptsOf = async (invoiceId: string) =>
    db
      .select({
        status: invoiceTransactions.status,
        providerInvoiceId: invoiceTransactions.providerInvoiceId,
      })
      .from(invoiceTransactions)
      .where(eq(invoiceTransactions.invoiceId, invoiceId))
      .orderBy(asc(invoiceTransactions.id));

  it('0016 gives the invoice’s provider id to its newest attempt once that has ended', async () => {
    const retriedThenPaid = await legacyPayout('DONE', ['FAILED', 'SUCCESS'], 'p-2');
    const retriedNotReported = await legacyPayout('IN_PROGRESS', ['FAILED', 'NEW'], 'p-1');
    const neverReported = await legacyPayout('IN_PROGRESS', ['NEW']);
    await runMigrationDataStatements(db, '0016_attempt_provider_invoice_id.sql');
    expect(await attemptsOf(retriedThenPaid)).toEqual([
      { status: 'FAILED', providerInvoiceId: null },
      { status: 'SUCCESS', providerInvoiceId: 'p-2' },
    ]);
    expect(await attemptsOf(retriedNotReported)).toEqual([
      { status: 'FAILED', providerInvoiceId: null },
      { status: 'NEW', providerInvoiceId: null },
    ]);
    expect(await attemptsOf(neverReported)).toEqual([{ status: 'NEW', providerInvoiceId: null }]);
  });

  it('0017 ends the attempts left open outside IN_PROGRESS, and all but the newest within', async () => {
    const paidWithStray = await legacyPayout('PAYED', ['SUCCESS', 'NEW']);
    const doneWithStray = await legacyPayout('DONE', ['NEW']);
    const declinedWithStray = await legacyPayout('DECLINED', ['NEW']);
    const resetToNew = await legacyPayout('NEW', ['NEW']);
    const twiceQueued = await legacyPayout('IN_PROGRESS', ['NEW', 'NEW']);
    const queued = await legacyPayout('IN_PROGRESS', ['FAILED', 'NEW']);
    await runMigrationDataStatements(db, '0017_close_stray_provider_attempts.sql');
    const statuses = async (invoiceId: string) =>
      (await attemptsOf(invoiceId)).map((attempt) => attempt.status);
    expect(await statuses(paidWithStray)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(await statuses(doneWithStray)).toEqual(['SUCCESS']);
    expect(await statuses(declinedWithStray)).toEqual(['FAILED']);
    expect(await statuses(resetToNew)).toEqual(['FAILED']);
    expect(await statuses(twiceQueued)).toEqual(['FAILED', 'NEW']);
    expect(await statuses(queued)).toEqual(['FAILED', 'NEW']);
  });

  it('0021 keeps each payout with the provider its terminal names, on its newest attempt', async () => {
    const [type] = await db
      .select({ id: referenceItems.id })
      .from(referenceItems)
      .where(
        and(
          eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
          eq(referenceItems.code, PAYOUT_PROVIDER_ATTRIBUTE_CODE),
        ),
      );
    await db
      .insert(terminalAttributes)
      .values({ terminalId: payouts.id, attributeTypeId: type?.id ?? 0, value: 'SANDBOX' });
    const queued = await legacyPayout('IN_PROGRESS', ['FAILED', 'NEW']);
    const paid = await legacyPayout('PAYED', ['SUCCESS']);
    const done = await legacyPayout('DONE', ['SUCCESS']);
    const declined = await legacyPayout('DECLINED', ['FAILED']);
    // Paid, then declined by hand: its provider may still reverse it (wasPaidOut).
    const paidThenDeclined = await legacyPayout('DECLINED', ['SUCCESS'], 'sb-paid');
    await runMigrationDataStatements(db, '0021_payout_attempt_provider.sql');
    const pins = async (invoiceId: string) =>
      (
        await db
          .select({ code: invoiceTransactions.payoutProviderCode })
          .from(invoiceTransactions)
          .where(eq(invoiceTransactions.invoiceId, invoiceId))
          .orderBy(asc(invoiceTransactions.id))
      ).map((row) => row.code);
    expect(await pins(queued)).toEqual([null, 'SANDBOX']);
    expect(await pins(paid)).toEqual(['SANDBOX']);
    expect(await pins(done)).toEqual(['SANDBOX']);
    expect(await pins(declined)).toEqual(['SANDBOX']);
    expect(await pins(paidThenDeclined)).toEqual(['SANDBOX']);
  });
});
