import {
  SANDBOX_CUSTOMER_PREFIXES,
  SANDBOX_PHONE_SUFFIXES,
  type SandboxOutcome,
  sandboxOutcomeOf,
} from '@paygate/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callbacks, invoiceErrors, invoiceStatusHistory, invoices } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  createPaymentFormFixture,
  type PaymentFormFixture,
} from '../payment-form/payment-form-test-fixture.ts';
import { sandboxOutcomeSql } from './invoice-repository.ts';
import {
  SANDBOX_DECLINE_REASON,
  SANDBOX_TIMEOUT_REASON,
  settleSandboxPayments,
} from './sandbox-provider-job.ts';

const MARKERS = {
  customerPrefixes: SANDBOX_CUSTOMER_PREFIXES,
  phoneSuffixes: SANDBOX_PHONE_SUFFIXES,
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60_000);

type Sample = readonly ['DEPOSIT' | 'WITHDRAWAL', string, string | null];

/**
 * Invoices the SQL of the claim and the rule of packages/domain must classify alike: every
 * outcome by customer id and by phone, case, near misses, the customer id before the phone, a
 * deposit's requisite that looks like a phone, and letters other than ASCII.
 */
const SAMPLES: readonly Sample[] = [
  ['DEPOSIT', 'customer-1', null],
  ['WITHDRAWAL', 'customer-1', null],
  ['DEPOSIT', '', null],
  ['WITHDRAWAL', '', ''],
  ['DEPOSIT', 'decline', null],
  ['DEPOSIT', 'DECLINE-me', null],
  ['DEPOSIT', 'Declined_42', '8600123412340003'],
  ['DEPOSIT', 'declin', null],
  ['DEPOSIT', ' decline', null],
  ['DEPOSIT', 'x-decline', null],
  ['DEPOSIT', 'pending', null],
  ['DEPOSIT', 'PENDING_42', null],
  ['WITHDRAWAL', 'pEnDiNg', '998901230002'],
  ['DEPOSIT', 'pendin', null],
  ['DEPOSIT', 'timeout', null],
  ['DEPOSIT', 'TimeOut-9', null],
  ['WITHDRAWAL', 'timeout', '998901234567'],
  ['DEPOSIT', 'timeou', null],
  // The customer id is read first: both name an outcome.
  ['WITHDRAWAL', 'pending-1', '998901230002'],
  ['WITHDRAWAL', 'decline-1', '998901230003'],
  ['WITHDRAWAL', 'timeout-1', '998901230002'],
  ['WITHDRAWAL', 'declinepending', null],
  // Payout phones.
  ['WITHDRAWAL', 'customer-1', '998901230002'],
  ['WITHDRAWAL', 'customer-1', '+7 999 000-0003'],
  ['WITHDRAWAL', 'customer-1', '998901230004'],
  ['WITHDRAWAL', 'customer-1', '998901230005'],
  ['WITHDRAWAL', 'customer-1', '0002'],
  ['WITHDRAWAL', 'customer-1', '002'],
  ['WITHDRAWAL', 'customer-1', '00020'],
  ['WITHDRAWAL', 'customer-1', '0002 '],
  ['WITHDRAWAL', 'customer-1', '0004\n'],
  ['WITHDRAWAL', 'customer-1', '٠٠٠٢'],
  // A deposit's credential is the requisite it is paid to, never a phone.
  ['DEPOSIT', 'customer-1', '8600123412340002'],
  ['DEPOSIT', 'customer-1', '998901230003'],
  ['DEPOSIT', 'customer-1', '998901230004'],
  // Letters outside ASCII: JavaScript lowers İ to "i̇" (two characters), a UTF-8 collation of
  // PostgreSQL to "i"; neither may make the two disagree.
  ['DEPOSIT', 'PENDİNG-7', null],
  ['DEPOSIT', 'DECLİNE', null],
  ['DEPOSIT', 'TİMEOUT', null],
  ['DEPOSIT', 'Ｄecline', null],
  ['DEPOSIT', 'ÐECLINE', null],
  ['DEPOSIT', 'déclinė', null],
];

describe.each(TEST_DATABASE_KINDS)('sandbox provider outcomes on %s', (kind) => {
  let fixture: PaymentFormFixture;
  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());
  beforeEach(async () => {
    // Each test starts with no open invoice of an earlier one.
    await fixture.db
      .update(invoices)
      .set({ status: 'DONE' })
      .where(inArray(invoices.status, ['NEW', 'IN_PROGRESS']));
  });

  const stored = async (invoiceId: string) => {
    const [invoice] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return invoice;
  };
  const errorsOf = async (invoiceId: string) =>
    (
      await fixture.db.select().from(invoiceErrors).where(eq(invoiceErrors.invoiceId, invoiceId))
    ).map((row) => row.description);

  /** A test payment in progress long enough for the sandbox to answer it. */
  const duePayment = (
    flow: 'deposit' | 'withdrawal',
    overrides: Partial<typeof invoices.$inferInsert> = {},
  ) =>
    fixture.createInvoice(
      flow === 'deposit' ? fixture.terminals.uzsDeposit : fixture.terminals.rubWithdrawal,
      {
        status: 'IN_PROGRESS',
        isTestProcessing: true,
        statusDate: minutesAgo(1),
        ...overrides,
      },
    );

  describe('the SQL of the claim', () => {
    it('classifies every sample as sandboxOutcomeOf does', async () => {
      const rows = [];
      for (const [flowType, customerExternalId, credentialValue] of SAMPLES) {
        const invoice = await fixture.createInvoice(
          flowType === 'DEPOSIT' ? fixture.terminals.uzsDeposit : fixture.terminals.rubWithdrawal,
          { isTestProcessing: true, customerExternalId, credentialValue },
        );
        rows.push(invoice);
      }
      const classified = await fixture.db
        .select({
          id: invoices.id,
          flowType: invoices.flowType,
          customerExternalId: invoices.customerExternalId,
          credentialValue: invoices.credentialValue,
          outcome: sandboxOutcomeSql(MARKERS).mapWith(String),
        })
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            rows.map((row) => row.id),
          ),
        );
      expect(classified).toHaveLength(SAMPLES.length);
      const byId = new Map(classified.map((row) => [row.id, row]));
      const disagreements = rows.flatMap((row) => {
        const fromSql = byId.get(row.id);
        const fromRule = sandboxOutcomeOf(row);
        return fromSql?.outcome === fromRule
          ? []
          : [{ ...row, fromRule, fromSql: fromSql?.outcome }];
      });
      expect(
        disagreements.map(
          ({ flowType, customerExternalId, credentialValue, fromRule, fromSql }) => ({
            flowType,
            customerExternalId,
            credentialValue,
            fromRule,
            fromSql,
          }),
        ),
      ).toEqual([]);
      // The samples do reach every outcome.
      const outcomes = new Set<SandboxOutcome>(rows.map((row) => sandboxOutcomeOf(row)));
      expect([...outcomes].sort()).toEqual(['decline', 'pending', 'succeed', 'timeout']);
    });
  });

  describe('settleSandboxPayments', () => {
    it('settles "succeed" payments as DONE and "decline" ones as DECLINED with an error', async () => {
      const paid = await duePayment('deposit', { customerExternalId: 'customer-7' });
      const paidOut = await duePayment('withdrawal', { credentialValue: '998901230001' });
      const declined = await duePayment('deposit', { customerExternalId: 'DECLINE-7' });
      const declinedOut = await duePayment('withdrawal', { credentialValue: '998901230002' });

      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5 })).toBe(4);
      expect((await stored(paid.id))?.status).toBe('DONE');
      expect((await stored(paidOut.id))?.status).toBe('DONE');
      expect(await errorsOf(paid.id)).toEqual([]);
      for (const invoice of [declined, declinedOut]) {
        expect((await stored(invoice.id))?.status).toBe('DECLINED');
        expect(await errorsOf(invoice.id)).toEqual([SANDBOX_DECLINE_REASON]);
      }
      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5 })).toBe(0);
    });

    it('leaves "pending" payments in progress without holding up newer ones behind them', async () => {
      const batchSize = 3;
      const pending = [];
      for (let index = 0; index < batchSize + 2; index += 1) {
        pending.push(
          index % 2 === 0
            ? await duePayment('deposit', {
                customerExternalId: `pending-${index}`,
                statusDate: minutesAgo(30 - index),
              })
            : await duePayment('withdrawal', {
                credentialValue: '998901230003',
                statusDate: minutesAgo(30 - index),
              }),
        );
      }
      const newer = await duePayment('deposit', { statusDate: minutesAgo(1) });

      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5, batchSize })).toBe(1);
      expect((await stored(newer.id))?.status).toBe('DONE');
      for (const invoice of pending) {
        expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');
      }
      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5, batchSize })).toBe(0);
      for (const invoice of pending) {
        expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');
        expect(await errorsOf(invoice.id)).toEqual([]);
      }
    });

    it('lets "timeout" payments wait until their form expires, then cancels them', async () => {
      const byId = await duePayment('deposit', {
        customerExternalId: 'timeout-1',
        statusDate: minutesAgo(10),
        expiresAt: minutesAhead(5),
        callbackUrl: 'https://shop.example/callback',
      });
      const byPhone = await duePayment('withdrawal', {
        credentialValue: '998901230004',
        statusDate: minutesAgo(10),
        expiresAt: minutesAhead(5),
      });

      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5 })).toBe(0);
      expect((await stored(byId.id))?.status).toBe('IN_PROGRESS');
      expect((await stored(byPhone.id))?.status).toBe('IN_PROGRESS');

      await fixture.db
        .update(invoices)
        .set({ expiresAt: minutesAgo(1) })
        .where(inArray(invoices.id, [byId.id, byPhone.id]));
      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5 })).toBe(2);
      for (const invoice of [byId, byPhone]) {
        expect((await stored(invoice.id))?.status).toBe('CANCELED');
        expect(await errorsOf(invoice.id)).toEqual([SANDBOX_TIMEOUT_REASON]);
        const history = await fixture.db
          .select()
          .from(invoiceStatusHistory)
          .where(eq(invoiceStatusHistory.invoiceId, invoice.id));
        expect(history).toMatchObject([{ status: 'CANCELED', personId: null }]);
      }
      const told = await fixture.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.invoiceId, byId.id), eq(callbacks.invoiceStatus, 'CANCELED')));
      expect(told).toHaveLength(1);
    });
  });
});
