import { createHash, randomBytes } from 'node:crypto';
import {
  balancePosition,
  FAILED_STATUSES,
  type InvoiceStatusCode,
  luhnCheckDigit,
  PAYOUT_PROVIDER_ATTRIBUTE_CODE,
  type Permission,
  sandboxRequisiteValueOf,
} from '@paygate/domain';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  callbacks,
  eventLog,
  invoiceErrors,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  merchants,
  notifications,
  paymentMethods,
  people,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  personRoles,
  providers,
  roles,
  supportTickets,
  terminalAttributes,
  terminalPools,
  terminals,
} from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password-hashing.ts';
import { openBalanceLedger } from '../modules/balances/merchant-balance-repository.ts';
import { issueFirstCredentials } from '../modules/developers/merchant-credentials.ts';
import { type MerchantKeys, newMerchantKeys } from '../modules/merchant-api/merchant-keys.ts';
import { issueProviderSigningSecret } from '../modules/provider-api/provider-keys.ts';
import { currencyId, REFERENCE_LISTS, referenceItemId } from './reference-data.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';

/** The demo users the start command lists; each password is `<username>-demo`. */
export const DEMO_USERS = [
  { username: 'admin', role: 'admin', firstName: 'Aziza', lastName: 'Karimova', merchant: null },
  { username: 'merchant', role: 'merchant', firstName: 'Timur', lastName: 'Rakhimov', merchant: 0 },
  {
    username: 'support',
    role: 'support',
    firstName: 'Elena',
    lastName: 'Sokolova',
    merchant: null,
  },
  {
    username: 'operator',
    role: 'operator',
    firstName: 'Bakyt',
    lastName: 'Usenov',
    merchant: null,
  },
] as const;

export const demoPassword = (username: string) => `${username}-demo`;

/** The demo's custom role (issue 22 item 7): what the role editor makes from the permission table. */
export const DEMO_CUSTOM_ROLE = {
  name: 'Finance viewer',
  description: "Sees the merchant's finance figures, balances and reports; changes nothing",
  permissions: [
    'merchant.read',
    'merchant.read.report',
    'merchant.read.finance',
    'report.read.balance',
    'report.read.invoice',
  ] satisfies Permission[],
};

export const DEMO_INVOICE_COUNT = 3_000;

/** The demo merchant's test (sandbox) deposit terminal. */
export const DEMO_TEST_DEPOSIT_TERMINAL = 'UZS test deposits';

const DEMO_MERCHANTS = ['Silk Road Games', 'Issyk-Kul Travel', 'Caspian Market'] as const;

const demoDigest = (label: string) =>
  createHash('sha256').update(`paygate demo: ${label}`).digest();

/**
 * Fixed API keys of the first demo merchant (Silk Road Games), so end-to-end tests and anyone
 * trying the merchant API against a demo database can sign requests (docs/merchant-api.md).
 * Derived from a public label: as known as the demo passwords, and like them demo-only (SEED=demo
 * is refused in production). The other demo merchants get random keys.
 */
export const DEMO_MERCHANT_API_KEYS: MerchantKeys = {
  clientPublicKey: `pk_${demoDigest('merchant public key').subarray(0, 16).toString('hex')}`,
  // The format of keys made before API keys had their own prefix (sk_), still accepted.
  signingSecret: `whsec_${demoDigest('merchant signing secret').toString('base64')}`,
};

/** The first demo merchant's fixed webhook signing secret (its callbacks verify with it). */
export const DEMO_MERCHANT_WEBHOOK_SECRET = `whsec_${demoDigest('merchant webhook secret').toString('base64')}`;

/**
 * The demo's production provider key: the seeded SANDBOX provider signs provider API calls
 * (docs/provider-api.md) with this secret, so a production-mode demo payment can be confirmed
 * by hand. Public and demo-only, like the merchant keys above.
 */
export const DEMO_PROVIDER_CODE = 'SANDBOX';
/** Every demo provider's fixed secret, derived from its code the same public way. */
export const demoProviderSigningSecret = (providerCode: string) =>
  `whsec_${demoDigest(`provider signing secret ${providerCode}`).toString('base64')}`;
export const DEMO_PROVIDER_SIGNING_SECRET = demoProviderSigningSecret(DEMO_PROVIDER_CODE);

/** Minor units of limit room each demo account keeps above what its invoices hold. */
const DEMO_ACCOUNT_ROOM = 100_000_000n;

const UNCOVERED_PAYOUT_ERROR = "The merchant's available balance does not cover this payout";

/**
 * The engine never queues a payout the merchant's balance does not cover (decision 0017), so
 * neither does the demo: walking the invoices in time order, a production payout that the
 * deposits confirmed before it do not cover (keeping half of them back) is declined, as the
 * engine would have. Returns the indexes it declined; rows and finals change in place.
 */
const declineUncoveredPayouts = (
  rows: Array<typeof invoices.$inferInsert>,
  finals: Array<{ status: string; createdAt: Date; statusDate: Date; flowType: string }>,
): Set<number> => {
  const positionOf = (row: (typeof rows)[number]) =>
    balancePosition({
      flowType: row.flowType,
      status: row.status as InvoiceStatusCode,
      amount: row.amount,
      fee: row.fee ?? 0n,
      isTestProcessing: row.isTestProcessing ?? false,
    });
  // A deposit counts from its confirmation, a payout from its creation (when it was queued).
  const moments = rows
    .map((row, index) => ({
      index,
      at:
        row.flowType === 'DEPOSIT'
          ? (finals[index]?.statusDate ?? new Date(0))
          : (finals[index]?.createdAt ?? new Date(0)),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const available = new Map<string, bigint>();
  const credited = new Map<string, bigint>();
  const declined = new Set<number>();
  for (const { index } of moments) {
    const row = rows[index];
    const final = finals[index];
    if (!row || !final) continue;
    const key = `${row.merchantId}:${row.currencyId}`;
    const balance = available.get(key) ?? 0n;
    const change = positionOf(row).available;
    if (change > 0n) credited.set(key, (credited.get(key) ?? 0n) + change);
    // Payouts keep half of what came in, so the demo has money left to pay out and settle.
    const floor = (credited.get(key) ?? 0n) / 2n;
    if (row.flowType === 'WITHDRAWAL' && change < 0n && balance + change < floor) {
      row.status = 'DECLINED';
      row.fee = 0n;
      final.status = 'DECLINED';
      declined.add(index);
      continue;
    }
    available.set(key, balance + change);
  }
  return declined;
};

/** Terminals in all four currencies; index into DEMO_MERCHANTS. */
const DEMO_TERMINALS = [
  { merchant: 0, name: 'UZS deposits', flowType: 'DEPOSIT', currency: 'UZS', isTest: false },
  { merchant: 0, name: 'UZS payouts', flowType: 'WITHDRAWAL', currency: 'UZS', isTest: false },
  { merchant: 0, name: 'RUB deposits', flowType: 'DEPOSIT', currency: 'RUB', isTest: false },
  { merchant: 0, name: 'RUB payouts', flowType: 'WITHDRAWAL', currency: 'RUB', isTest: true },
  { merchant: 1, name: 'KGS deposits', flowType: 'DEPOSIT', currency: 'KGS', isTest: false },
  { merchant: 2, name: 'AZN deposits', flowType: 'DEPOSIT', currency: 'AZN', isTest: true },
  // The demo merchant's sandbox for deposits: an integrator's first test invoices settle by
  // themselves and send their webhooks (docs/merchant-api.md, "Test mode"). Last, so the ids
  // above stay, and without a seeded history.
  {
    merchant: 0,
    name: DEMO_TEST_DEPOSIT_TERMINAL,
    flowType: 'DEPOSIT',
    currency: 'UZS',
    isTest: true,
    history: false,
  },
] as const;

/** The terminals the seeded invoices are spread over. */
const HISTORY_TERMINALS = DEMO_TERMINALS.filter((terminal) => !('history' in terminal));

const FIRST_NAMES = [
  'Dilnoza',
  'Rustam',
  'Ivan',
  'Aigerim',
  'Farid',
  'Olga',
  'Jasur',
  'Nigora',
  'Sergey',
  'Leyla',
];
const LAST_NAMES = [
  'Aliyev',
  'Petrova',
  'Tashkentov',
  'Mamatova',
  'Huseynov',
  'Ivanov',
  'Nazarov',
  'Kim',
];

const STATUS_WEIGHTS = [
  ['DONE', 50],
  ['CANCELED', 14],
  ['DECLINED', 10],
  ['IN_PROGRESS', 9],
  ['NEW', 9],
  ['PAYED', 8],
] as const;

const attributeTypeId = (position: number) => referenceItemId(105, position);
const attributeTypeIdOf = (code: string) =>
  attributeTypeId(
    REFERENCE_LISTS.terminalAttributeType.findIndex((item) => item.code === code) + 1,
  );
const requisiteTypeId = (code: 'CARD' | 'PHONE') =>
  referenceItemId(103, REFERENCE_LISTS.requisiteType.findIndex((item) => item.code === code) + 1);
const paramTypeId = (code: 'I' | 'S') =>
  referenceItemId(102, REFERENCE_LISTS.parameterType.findIndex((item) => item.code === code) + 1);

/** A 16-digit card number with a valid check digit (the account credential rules demand one). */
const cardNumber = (random: SeededRandom, prefix: string) => {
  const partial = `${prefix}${random.digits(15 - prefix.length)}`;
  return `${partial}${luhnCheckDigit(partial)}`;
};
const phoneNumber = (random: SeededRandom) => `+79${random.digits(9)}`;

const insertInBatches = async <Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += 500) {
    await insert(rows.slice(start, start + 500));
  }
};

/**
 * SEED=demo: fills an empty database with realistic, reproducible demo data — merchants,
 * terminals in all four currencies, every payment method, people accounts, thousands of invoices
 * in every status with their history, callbacks, transactions, errors and tickets. Does nothing
 * when people already exist, so restarts keep what users changed.
 */
/** SPEC §2: the Notifications screen's fixed sample entries, oldest first. */
export const DEMO_NOTIFICATIONS = [
  {
    category: 'Security',
    severity: 'error',
    title: 'Password will expire soon',
    body: 'Change your password in Settings within the next 7 days.',
    createdAt: '2026-03-01T08:45:30Z',
  },
  {
    category: 'Terminal',
    severity: 'neutral',
    title: 'Terminal switched to production',
    body: 'Terminal "KGS deposits" now processes real payments.',
    createdAt: '2026-03-03T09:00:00Z',
  },
  {
    category: 'Support',
    severity: 'primary',
    title: 'Support ticket in work',
    body: 'Your ticket about a missing deposit is being handled by the support team.',
    createdAt: '2026-03-04T16:15:02Z',
  },
  {
    category: 'Monitoring',
    severity: 'warning',
    title: 'Success rate dropped',
    body: 'Terminal "RUB SBP withdrawals" completed 42% of its payments in the last hour.',
    createdAt: '2026-03-05T11:32:40Z',
  },
  {
    category: 'Settlement',
    severity: 'success',
    title: 'Settlement completed',
    body: 'Settlement of 1 250.00 USDT for terminal "UZS deposits" has been sent.',
    createdAt: '2026-03-05T14:07:09Z',
  },
] as const;

export const seedDemoData = async (db: Database, now = new Date()): Promise<boolean> => {
  const [existing] = await db.select({ count: count() }).from(people);
  if ((existing?.count ?? 0) > 0) return false;

  const random = seededRandom(20_261_123);
  const passwordHashes = await Promise.all(
    DEMO_USERS.map(({ username }) => hashPassword(demoPassword(username))),
  );

  await db.transaction(async (tx) => {
    const merchantKeys = DEMO_MERCHANTS.map((_, index) =>
      index === 0 ? DEMO_MERCHANT_API_KEYS : newMerchantKeys(),
    );
    const merchantRows = await tx
      .insert(merchants)
      .values(
        DEMO_MERCHANTS.map((name, index) => ({
          name,
          clientPublicKey: merchantKeys[index]?.clientPublicKey ?? '',
        })),
      )
      .returning();
    for (const [index, merchant] of merchantRows.entries()) {
      const keys = merchantKeys[index];
      if (!keys) throw new Error(`no demo keys ${index}`);
      await issueFirstCredentials(
        tx,
        merchant.id,
        keys,
        index === 0 ? { webhookSecret: DEMO_MERCHANT_WEBHOOK_SECRET } : {},
      );
    }
    const merchantIdAt = (index: number) => {
      const merchant = merchantRows[index];
      if (!merchant) throw new Error(`no demo merchant ${index}`);
      return merchant.id;
    };

    const personRows = await tx
      .insert(people)
      .values(
        DEMO_USERS.map((user, index) => ({
          username: user.username,
          passwordHash: passwordHashes[index] ?? '',
          firstName: user.firstName,
          lastName: user.lastName,
          merchantId: user.merchant === null ? null : merchantIdAt(user.merchant),
        })),
      )
      .returning({ id: people.id, username: people.username });
    await tx.insert(personRoles).values(
      DEMO_USERS.map((user) => {
        const person = personRows.find((row) => row.username === user.username);
        if (!person) throw new Error(`demo user ${user.username} was not stored`);
        return { personId: person.id, roleName: user.role };
      }),
    );
    // What the role editor makes (issue 22 item 7): a custom role of read-only finance views.
    await tx.insert(roles).values(DEMO_CUSTOM_ROLE);

    const [pool] = await tx
      .insert(terminalPools)
      .values({
        name: 'Main UZS pool',
        statusId: referenceItemId(113, 1),
        typeId: referenceItemId(114, 3),
      })
      .returning();

    const terminalRows = await tx
      .insert(terminals)
      .values(
        DEMO_TERMINALS.map((terminal) => ({
          merchantId: merchantIdAt(terminal.merchant),
          name: terminal.name,
          flowType: terminal.flowType,
          currencyId: currencyId(terminal.currency),
          isTest: terminal.isTest,
          terminalPoolId: terminal.currency === 'UZS' ? (pool?.id ?? null) : null,
        })),
      )
      .returning();

    await tx.insert(terminalAttributes).values(
      terminalRows.flatMap((terminal) => [
        { terminalId: terminal.id, attributeTypeId: attributeTypeId(1), value: '30' },
        { terminalId: terminal.id, attributeTypeId: attributeTypeId(2), value: terminal.name },
        { terminalId: terminal.id, attributeTypeId: attributeTypeId(4), value: 'true' },
        ...(terminal.flowType === 'WITHDRAWAL'
          ? [
              {
                terminalId: terminal.id,
                attributeTypeId: attributeTypeIdOf(PAYOUT_PROVIDER_ATTRIBUTE_CODE),
                value: DEMO_PROVIDER_CODE,
              },
            ]
          : []),
      ]),
    );

    const methodRows = await tx.select().from(paymentMethods);
    const providerRows = await tx.select().from(providers);
    const accountRows = [];
    for (const method of methodRows) {
      for (let copy = 0; copy < 2; copy += 1) {
        const provider = random.pick(providerRows);
        const [account] = await tx
          .insert(peopleAccounts)
          .values({
            providerId: provider.id,
            paymentMethodId: method.id,
            bankName:
              method.currencyId === currencyId('UZS')
                ? random.pick(['Kapitalbank', 'Hamkorbank', 'Ipoteka Bank'])
                : random.pick(['Sberbank', 'T-Bank', 'Alfa-Bank']),
            ownerName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
            countryCode: method.currencyId === currencyId('UZS') ? 'UZ' : 'RU',
            enabled: copy === 0 || random.next() > 0.3,
          })
          .returning();
        if (!account) continue;
        const byPhone = method.requisiteKind !== 'card';
        const credential = byPhone
          ? phoneNumber(random)
          : cardNumber(random, method.currencyId === currencyId('UZS') ? '9860' : '2202');
        await tx.insert(peopleAccountCredentials).values({
          peopleAccountId: account.id,
          credentialTypeId: requisiteTypeId(byPhone ? 'PHONE' : 'CARD'),
          paramTypeId: paramTypeId('S'),
          value: credential,
        });
        await tx.insert(peopleAccountLimits).values({
          peopleAccountId: account.id,
          limit: BigInt(random.integer(50, 500)) * 1_000_000n,
          priority: random.integer(0, 5),
          checkUniqueAmount: random.next() > 0.5,
        });
        accountRows.push({ ...account, method, credential });
      }
    }

    type InvoiceRow = typeof invoices.$inferInsert;
    const invoiceRows: InvoiceRow[] = [];
    const finals: Array<{ status: string; createdAt: Date; statusDate: Date; flowType: string }> =
      [];
    for (let index = 0; index < DEMO_INVOICE_COUNT; index += 1) {
      const terminalSeed = random.pick(HISTORY_TERMINALS);
      const terminalIndex = DEMO_TERMINALS.indexOf(terminalSeed);
      const terminal = terminalRows[terminalIndex];
      if (!terminal) continue;
      const methods = accountRows.filter(
        (account) => account.method.currencyId === terminal.currencyId,
      );
      const account = methods.length > 0 ? random.pick(methods) : null;
      const status = random.weighted(STATUS_WEIGHTS);
      const createdAt = new Date(now.getTime() - random.integer(0, 30 * 24 * 60) * 60_000);
      const statusDate = new Date(createdAt.getTime() + random.integer(1, 40) * 60_000);
      const minAmount = account ? Number(account.method.minAmount) : 10_000;
      const amount = BigInt(Math.round(random.integer(minAmount, minAmount * 40) / 100) * 100);
      const open = status === 'NEW' || status === 'IN_PROGRESS';
      const deposit = terminal.flowType === 'DEPOSIT';
      invoiceRows.push({
        merchantId: terminal.merchantId,
        terminalId: terminal.id,
        merchantInvoiceId: `ORD-${String(100_000 + index)}`,
        providerInvoiceId: status === 'NEW' ? null : `PRV-${random.digits(10)}`,
        flowType: terminal.flowType,
        status,
        statusDate: open ? createdAt : statusDate,
        createdAt,
        amount,
        fee: status === 'DONE' ? amount / 100n : 0n,
        currencyId: terminal.currencyId,
        paymentMethodId: account?.method.id ?? null,
        // Deposits are paid to a people account's requisites (a test deposit to the sandbox's,
        // never an account's: decision 0008); payouts go to the customer's phone.
        peopleAccountId:
          deposit && account && status !== 'NEW' && !terminal.isTest ? account.id : null,
        credentialValue:
          status === 'NEW'
            ? null
            : !deposit
              ? terminal.currencyId === currencyId('UZS')
                ? `998${random.digits(9)}`
                : `79${random.digits(9)}`
              : !account
                ? null
                : terminal.isTest
                  ? sandboxRequisiteValueOf(account.method.requisiteKind)
                  : (account.credential ?? null),
        customerExternalId: `user-${random.integer(1000, 1400)}`,
        customerFirstName: random.pick(FIRST_NAMES),
        customerLastName: random.pick(LAST_NAMES),
        isTestProcessing: terminal.isTest,
        formId: randomBytes(18).toString('base64url'),
        canChangeAmount: random.next() > 0.6,
        maxAmount: deposit ? null : amount,
        // Open demo payments stay open for a while: the expiry job would cancel them at once.
        expiresAt: open
          ? new Date(Date.now() + 7 * 24 * 60 * 60_000)
          : new Date(createdAt.getTime() + 15 * 60_000),
        successUrl: 'https://merchant.example/payment/success',
        cancelUrl: 'https://merchant.example/payment/cancel',
        errorUrl: 'https://merchant.example/payment/error',
        callbackUrl: 'https://merchant.example/payment/callback',
      });
      finals.push({ status, createdAt, statusDate, flowType: terminal.flowType });
    }

    const declinedPayouts = declineUncoveredPayouts(invoiceRows, finals);

    const insertedIds: string[] = [];
    await insertInBatches(invoiceRows, async (batch) => {
      const rows = await tx.insert(invoices).values(batch).returning({ id: invoices.id });
      insertedIds.push(...rows.map((row) => row.id));
    });

    const history: Array<typeof invoiceStatusHistory.$inferInsert> = [];
    const callbackRows: Array<typeof callbacks.$inferInsert> = [];
    const transactionRows: Array<typeof invoiceTransactions.$inferInsert> = [];
    const errorRows: Array<typeof invoiceErrors.$inferInsert> = [];
    const ticketRows: Array<typeof supportTickets.$inferInsert> = [];
    insertedIds.forEach((invoiceId, index) => {
      const final = finals[index];
      if (!final) return;
      history.push({ invoiceId, status: 'NEW', statusDate: final.createdAt });
      if (final.status !== 'NEW') {
        const midway = new Date((final.createdAt.getTime() + final.statusDate.getTime()) / 2);
        history.push({ invoiceId, status: 'IN_PROGRESS', statusDate: midway });
        transactionRows.push({
          invoiceId,
          status:
            final.status === 'DONE' || final.status === 'PAYED'
              ? 'SUCCESS'
              : final.status === 'IN_PROGRESS'
                ? 'NEW'
                : 'FAILED',
          createDate: midway,
          statusDate: final.statusDate,
        });
      }
      if (final.status !== 'NEW' && final.status !== 'IN_PROGRESS') {
        history.push({ invoiceId, status: final.status, statusDate: final.statusDate });
        callbackRows.push({
          invoiceId,
          merchantId: invoiceRows[index]?.merchantId ?? 0,
          url: 'https://merchant.example/payment/callback',
          invoiceStatus: final.status,
          payload: { invoiceId, status: final.status },
          status: 'SENT',
          attempts: 1,
          lastResponseCode: 200,
          createDate: final.statusDate,
          executionDate: new Date(final.statusDate.getTime() + 2_000),
          nextAttemptAt: final.statusDate,
        });
      }
      if (declinedPayouts.has(index)) {
        errorRows.push({
          invoiceId,
          description: UNCOVERED_PAYOUT_ERROR,
          eventTime: final.statusDate,
        });
      } else if (final.status === 'DECLINED') {
        errorRows.push({
          invoiceId,
          description: random.pick([
            'No account available for this amount',
            'Provider declined the payment',
            'Card blocked by the issuer',
          ]),
          eventTime: final.statusDate,
        });
      }
      if (index % 60 === 0 && final.status !== 'NEW') {
        ticketRows.push({
          invoiceId,
          description: random.pick([
            'Customer says the money was sent',
            'Amount differs from the order',
            'Payment made twice',
          ]),
          status: random.pick(['NEW', 'IN_WORK', 'PENDING', 'SOLVED', 'REJECTED'] as const),
          issueTypeId: referenceItemId(107, random.integer(1, 3)),
          createDate: final.statusDate,
        });
      }
    });
    await insertInBatches(history, (batch) => tx.insert(invoiceStatusHistory).values(batch));
    await insertInBatches(callbackRows, (batch) => tx.insert(callbacks).values(batch));
    await insertInBatches(transactionRows, (batch) => tx.insert(invoiceTransactions).values(batch));
    await insertInBatches(errorRows, (batch) => tx.insert(invoiceErrors).values(batch));
    await insertInBatches(ticketRows, (batch) => tx.insert(supportTickets).values(batch));
    // Each account's balance is what its invoices hold (decision 0005), and its limit leaves room
    // for new payments, so the demo assigns requisites as a live system would.
    await tx.execute(sql`
      UPDATE ${peopleAccountLimits} AS l
      SET balance = held.amount, "limit" = GREATEST(l."limit", held.amount + ${DEMO_ACCOUNT_ROOM})
      FROM (
        SELECT ${invoices.peopleAccountId} AS account_id, sum(${invoices.amount}) AS amount
        FROM ${invoices}
        WHERE ${invoices.peopleAccountId} IS NOT NULL
          AND NOT ${invoices.isTestProcessing}
          AND ${invoices.status} NOT IN (${sql.join(
            FAILED_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
        GROUP BY ${invoices.peopleAccountId}
      ) AS held
      WHERE l.people_account_id = held.account_id`);

    // The merchants' balances and their ledger from the invoices just written, as the engine
    // keeps them.
    await openBalanceLedger(tx);

    // Demo accounts belong to every seeded provider, so each can confirm its own payments.
    for (const provider of providerRows) {
      await issueProviderSigningSecret(tx, provider.code, demoProviderSigningSecret(provider.code));
    }

    // SPEC §2's fixed sample entries of the Notifications screen, for the first merchant's staff
    // (and everyone who sees every merchant); real ones (alerts) join them as they happen.
    await tx.insert(notifications).values(
      DEMO_NOTIFICATIONS.map((notification) => ({
        ...notification,
        merchantId: merchantIdAt(0),
        createdAt: new Date(notification.createdAt),
      })),
    );

    await tx.insert(eventLog).values({
      eventCode: 'DEMO_DATA_SEEDED',
      description: `Demo data: ${insertedIds.length} invoices`,
    });
  });
  return true;
};
