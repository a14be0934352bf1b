#!/usr/bin/env node
/**
 * Fills a fresh bench database with the large, reproducible data set the benchmarks read:
 *
 *   node bench/generate-invoices.mjs [--db postgres|pglite] [--invoices 1000000] [--seed 20261123]
 *
 * 1. The database is dropped and created (PostgreSQL `paygate_bench`) or its folder deleted
 *    (PGlite, bench/.data/pglite); the built server then starts once with SEED=demo, which
 *    applies the migrations and adds the demo merchants, users (admin/admin-demo,
 *    merchant/merchant-demo), terminals, methods and accounts.
 * 2. Two more merchants with terminals make five; a bench payment method with 20 accounts and
 *    500 new deposits serves the credential-assignment benchmark.
 * 3. The invoices go in with COPY (FROM STDIN on PostgreSQL, from a Blob on PGlite), with the
 *    invoice table's secondary indexes dropped during the load and rebuilt after it (much faster
 *    than maintaining them row by row).
 * 4. The balance ledger of those invoices (lib/bench-ledger.mjs: the rows the engine would have
 *    written as they happened, a payout the balance does not cover declined as the engine
 *    declines it) goes to a file while they are generated and is loaded with COPY after them,
 *    with the balances it moved set to its last rows in the same transaction (the ledger's
 *    triggers stay on; loadLedger). The API key the merchant API benchmark signs with is added.
 * 5. VACUUM ANALYZE, so the planner and index-only scans see the real tables; then the product's
 *    ledger checks in SQL (ledgerDisagreements), which must find nothing.
 *
 * Everything random comes from one seeded generator; dates are relative to the day of the run.
 * The set: closed invoices (DONE, CANCELED, DECLINED, PAYED) over the last 365 days, in time order,
 * 5,000 IN_PROGRESS (less the payouts among them the balance does not cover, declined) and
 * 10,000 NEW ones from the last hours (the forms the status benchmark polls), over five merchants
 * with uneven shares; customer ids repeat (about 20 invoices each) so a search by customer finds
 * several.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchTarget, openSql, resetDatabase } from './lib/bench-database.mjs';
import {
  createLedgerBuilder,
  csvFileChunks,
  LEDGER_COLUMNS,
  removeLedgerFile,
} from './lib/bench-ledger.mjs';
import { DATA_DIR } from './lib/bench-paths.mjs';
import { seededRandom } from './lib/seeded-random.mjs';
import { startServer } from './lib/server-process.mjs';

export const OPEN_FORMS = 10_000;
export const IN_PROGRESS_INVOICES = 5_000;
export const CREDENTIAL_ACCOUNTS = 20;
export const CREDENTIAL_FORMS = 500;
export const BENCH_METHOD_CODE = 'BENCHUZS';
/** merchant_invoice_id prefixes the benchmarks select their invoices by. */
export const POLL_PREFIX = 'poll-';
export const CREDENTIAL_PREFIX = 'cred-';
/** Amounts of the credential benchmark's deposits: few distinct ones, so uniqueness is tested. */
export const CREDENTIAL_AMOUNTS = Array.from({ length: 25 }, (_, index) =>
  BigInt((index + 1) * 100_000),
);

/**
 * The API key the merchant API benchmark signs with: the first (biggest) merchant's, with the
 * balance:read scope only. Derived from a public label like the demo seed's keys, so a benchmark
 * run on its own finds it; bench data only.
 */
const benchDigest = (label) => createHash('sha256').update(`paygate bench: ${label}`).digest();
export const BALANCE_READER_KEY = {
  publicKey: `pk_bench_${benchDigest('balance reader key').subarray(0, 16).toString('hex')}`,
  secret: `sk_${benchDigest('balance reader secret').toString('base64')}`,
};

const DAY_MS = 86_400_000;
/** Open invoices (IN_PROGRESS and NEW) were created within this long before the run's hour. */
const OPEN_WINDOW_MS = 6 * 3_600_000;
const ROWS_PER_CHUNK = 20_000;

const EXTRA_MERCHANTS = ['Fergana Foods', 'Samarkand Mobile'];
/** Share of the invoices per merchant, in merchant id order (demo merchants first). */
const MERCHANT_WEIGHTS = [35, 25, 20, 12, 8];
const CLOSED_STATUSES = [
  ['DONE', 60],
  ['CANCELED', 16],
  ['DECLINED', 12],
  ['PAYED', 12],
];
const FIRST_NAMES = ['Dilnoza', 'Rustam', 'Ivan', 'Aigerim', 'Farid', 'Olga', 'Jasur', 'Nigora'];
const LAST_NAMES = ['Aliyev', 'Petrova', 'Tashkentov', 'Mamatova', 'Huseynov', 'Ivanov', 'Kim'];

const INVOICE_COLUMNS = [
  'id',
  'merchant_id',
  'terminal_id',
  'merchant_invoice_id',
  'provider_invoice_id',
  'flow_type',
  'status',
  'status_date',
  'created_at',
  'amount',
  'fee',
  'currency_id',
  'payment_method_id',
  'customer_external_id',
  'customer_first_name',
  'customer_last_name',
  'is_test_processing',
  'form_id',
  'can_change_amount',
  'expires_at',
];

const luhnCompleted = (partial) => {
  let sum = 0;
  for (let index = 0; index < partial.length; index += 1) {
    let digit = Number(partial[partial.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${partial}${(10 - (sum % 10)) % 10}`;
};

/** Terminals of every merchant, adding a deposit and a payout terminal to those without. */
const prepareMerchants = async (sql, random) => {
  const currencies = await sql.query('SELECT id, code, dimension FROM currencies ORDER BY id');
  const uzs = currencies.find((currency) => currency.code.trim() === 'UZS');
  for (const name of EXTRA_MERCHANTS) {
    const publicKey = `pk_${random.digits(32)}`;
    const secret = `bench-secret-${random.digits(24)}`;
    const [merchant] = await sql.query(
      'INSERT INTO merchants (name, client_public_key) VALUES ($1, $2) RETURNING id',
      [name, publicKey],
    );
    // The merchant's first API key and webhook secret, as migration 0006 made them from the
    // merchant row's old signing_secret.
    await sql.query(
      `INSERT INTO api_keys (merchant_id, label, public_key, secret, scopes)
       VALUES ($1, 'Original key', $2, $3, ARRAY['invoices:read', 'invoices:write'])`,
      [merchant.id, publicKey, secret],
    );
    await sql.query('INSERT INTO webhook_secrets (merchant_id, secret) VALUES ($1, $2)', [
      merchant.id,
      secret,
    ]);
    for (const flowType of ['DEPOSIT', 'WITHDRAWAL']) {
      await sql.query(
        `INSERT INTO terminals (merchant_id, name, flow_type, currency_id, is_test)
         VALUES ($1, $2, $3, $4, false)`,
        [merchant.id, `UZS ${flowType.toLowerCase()}s`, flowType, uzs.id],
      );
    }
  }
  const merchants = await sql.query('SELECT id FROM merchants ORDER BY id LIMIT 5');
  const terminals = await sql.query(
    'SELECT id, merchant_id, flow_type, currency_id, is_test FROM terminals ORDER BY id',
  );
  const methods = await sql.query('SELECT id, currency_id, min_amount FROM payment_methods');
  return { currencies, uzs, merchants, terminals, methods };
};

/** A payment method of its own with 20 accounts, for the credential-assignment benchmark. */
const prepareCredentialAccounts = async (sql, random, uzs) => {
  const [method] = await sql.query(
    `INSERT INTO payment_methods (code, name, currency_id, requisite_kind, min_amount, max_amount)
     VALUES ($1, 'Bench cards', $2, 'card', 100000, 100000000) RETURNING id`,
    [BENCH_METHOD_CODE, uzs.id],
  );
  const [provider] = await sql.query('SELECT id FROM providers ORDER BY id LIMIT 1');
  const [card] = await sql.query(
    "SELECT id FROM reference_items WHERE header_id = 103 AND code = 'CARD'",
  );
  const [stringParam] = await sql.query(
    "SELECT id FROM reference_items WHERE header_id = 102 AND code = 'S'",
  );
  for (let index = 0; index < CREDENTIAL_ACCOUNTS; index += 1) {
    const [account] = await sql.query(
      `INSERT INTO people_accounts (provider_id, payment_method_id, bank_name, owner_name, country_code)
       VALUES ($1, $2, 'Bench Bank', $3, 'UZ') RETURNING id`,
      [provider.id, method.id, `Bench Owner ${index + 1}`],
    );
    await sql.query(
      `INSERT INTO people_account_credentials (people_account_id, credential_type_id, param_type_id, value)
       VALUES ($1, $2, $3, $4)`,
      [account.id, card.id, stringParam.id, luhnCompleted(`9860${random.digits(11)}`)],
    );
    // Room for roughly 60% of what the 500 deposits ask, so some are declined for lack of room;
    // half the accounts refuse a second open invoice of the same amount.
    await sql.query(
      `INSERT INTO people_account_limits (people_account_id, "limit", balance, priority, check_unique_amount)
       VALUES ($1, $2, 0, $3, $4)`,
      [
        account.id,
        String(20_000_000 + random.integer(0, 20) * 1_000_000),
        random.integer(0, 3),
        index % 2 === 0,
      ],
    );
  }
  return method;
};

/** CSV lines of `count` invoices, in chunks, built lazily so memory stays flat. */
function* invoiceChunks({
  count,
  random,
  merchants,
  terminals,
  methods,
  benchMethod,
  uzs,
  now,
  ledger,
}) {
  const byMerchant = new Map(
    merchants.map(({ id }) => [id, terminals.filter((terminal) => terminal.merchant_id === id)]),
  );
  const methodsByCurrency = new Map();
  for (const method of methods) {
    if (method.id === benchMethod.id) continue;
    const list = methodsByCurrency.get(method.currency_id) ?? [];
    list.push(method);
    methodsByCurrency.set(method.currency_id, list);
  }
  const merchantWeights = merchants.map(({ id }, index) => [id, MERCHANT_WEIGHTS[index] ?? 5]);
  const sequence = new Map(merchants.map(({ id }) => [id, 0]));
  const iso = (ms) => new Date(ms).toISOString();
  const special = OPEN_FORMS + IN_PROGRESS_INVOICES + CREDENTIAL_FORMS;
  const historical = Math.max(0, count - special);
  const depositTerminal = terminals.find(
    (terminal) => terminal.flow_type === 'DEPOSIT' && terminal.currency_id === uzs.id,
  );

  // Historical invoices arrive in time order, as real ones do (the table's physical order then
  // follows created_at, which the list and the export rely on like production data would).
  const historyStart = now - 365 * DAY_MS;
  const historyStep = (365 * DAY_MS - 3_600_000) / Math.max(1, historical);
  let historicalIndex = 0;

  const line = (kind) => {
    let terminal;
    let status;
    let createdMs;
    let statusMs;
    let merchantInvoiceId;
    let method;
    let amount;
    let expiresMs;
    let isTest = false;
    let canChangeAmount = false;
    if (kind === 'credential') {
      terminal = depositTerminal;
      status = 'NEW';
      createdMs = now - random.integer(0, 3_600_000);
      statusMs = createdMs;
      merchantInvoiceId = `${CREDENTIAL_PREFIX}${sequence.get(terminal.merchant_id)}`;
      method = null;
      amount = random.pick(CREDENTIAL_AMOUNTS);
      expiresMs = now + 2 * DAY_MS;
    } else {
      const merchantId = random.weighted(merchantWeights);
      terminal = random.pick(byMerchant.get(merchantId));
      const number = sequence.get(merchantId);
      if (kind === 'historical') {
        status = random.weighted(CLOSED_STATUSES);
        createdMs = Math.floor(
          historyStart + historicalIndex * historyStep + random.next() * historyStep,
        );
        historicalIndex += 1;
        statusMs = createdMs + random.integer(60_000, 7_200_000);
        merchantInvoiceId = `ord-${number}`;
        expiresMs = createdMs + 30 * 60_000;
        isTest = terminal.is_test && random.next() < 0.5;
      } else {
        status = kind === 'poll' ? 'NEW' : 'IN_PROGRESS';
        createdMs = now - random.integer(0, OPEN_WINDOW_MS);
        statusMs = createdMs + (status === 'NEW' ? 0 : random.integer(10_000, 600_000));
        merchantInvoiceId = `${kind === 'poll' ? POLL_PREFIX : 'prog-'}${number}`;
        expiresMs = now + 2 * DAY_MS;
      }
      const currencyMethods = methodsByCurrency.get(terminal.currency_id) ?? [];
      method =
        status === 'NEW' || currencyMethods.length === 0 ? null : random.pick(currencyMethods);
      const minimum = Number(method?.min_amount ?? 100_000);
      amount = BigInt(Math.round(random.integer(minimum, minimum * 50) / 100) * 100);
      canChangeAmount = random.next() < 0.4;
    }
    sequence.set(terminal.merchant_id, sequence.get(terminal.merchant_id) + 1);
    const settled = status === 'DONE' || status === 'PAYED';
    const fields = [
      random.uuid(),
      terminal.merchant_id,
      terminal.id,
      merchantInvoiceId,
      status === 'NEW' ? '' : `prv-${random.digits(12)}`,
      terminal.flow_type,
      status,
      iso(statusMs),
      iso(createdMs),
      amount,
      settled ? amount / 50n : 0n,
      terminal.currency_id,
      method?.id ?? '',
      `cust-${terminal.merchant_id}-${random.integer(1, Math.max(1, Math.floor(count / 100)))}`,
      random.pick(FIRST_NAMES),
      random.pick(LAST_NAMES),
      isTest,
      random.formId(),
      canChangeAmount,
      iso(expiresMs),
    ];
    return { fields, createdMs, statusMs };
  };

  const kinds = [
    ['historical', historical],
    ['progress', IN_PROGRESS_INVOICES],
    ['poll', OPEN_FORMS],
    ['credential', CREDENTIAL_FORMS],
  ];
  // The ledger may decline a payout (its fields change) once the movements before it are
  // known: an invoice waits in `held` until it and every invoice before it are settled.
  // Historical invoices come in time order; the open ones after them were created within the
  // last OPEN_WINDOW_MS, so until they are handed over nothing later than that window's start
  // is written to the ledger.
  const openFrom = now - OPEN_WINDOW_MS;
  const held = [];
  let lines = [];
  for (const [kind, total] of kinds) {
    for (let index = 0; index < total; index += 1) {
      const { fields, createdMs, statusMs } = line(kind);
      const entry = { fields, pending: false };
      held.push(entry);
      if (kind === 'historical' || kind === 'progress') {
        ledger.observe(entry, { createdMs, statusMs });
      }
      if (kind === 'historical') ledger.advance(Math.min(createdMs, openFrom));
      while (held.length > 0 && !held[0].pending) {
        lines.push(held.shift().fields.join(','));
        if (lines.length === ROWS_PER_CHUNK) {
          yield `${lines.join('\n')}\n`;
          lines = [];
        }
      }
    }
    // After the open invoices, no invoice moves a balance: everything can be settled.
    if (kind === 'progress') ledger.advance(Number.POSITIVE_INFINITY);
  }
  for (const entry of held) lines.push(entry.fields.join(','));
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/** A table's indexes other than its primary key: dropped during a COPY, rebuilt after it. */
const secondaryIndexes = (sql, table) =>
  sql.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE tablename = $1 AND indexname <> $2 ORDER BY indexname`,
    [table, `${table}_pkey`],
  );

/**
 * Loads the ledger rows (in time order, so their ids follow time) and sets every balance they
 * moved to its last row, in one transaction. Migration 0018's triggers stay on: the append-only
 * one refuses only changes of existing rows, and the commit check of each kept balance against
 * its last ledger row passes because both change together. The ledger's secondary indexes are
 * dropped for the COPY and rebuilt before the commit.
 */
const loadLedger = async (sql, { file, rows, balances, log }) => {
  const started = performance.now();
  await sql.query('BEGIN');
  try {
    const indexes = await secondaryIndexes(sql, 'balance_movements');
    for (const { indexname } of indexes) await sql.query(`DROP INDEX ${indexname}`);
    const copyStarted = performance.now();
    await sql.copyFrom(
      `COPY balance_movements (${LEDGER_COLUMNS.join(', ')})`,
      csvFileChunks(file),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const indexStarted = performance.now();
    for (const { indexdef } of indexes) await sql.query(indexdef);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    for (const balance of balances) {
      if (balance.updatedAt === null) continue;
      await sql.query(
        `INSERT INTO merchant_balances (merchant_id, currency_id, available, reserved, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (merchant_id, currency_id) DO UPDATE
         SET available = excluded.available, reserved = excluded.reserved,
             updated_at = excluded.updated_at`,
        [
          balance.merchantId,
          balance.currencyId,
          String(balance.available),
          String(balance.reserved),
          balance.updatedAt,
        ],
      );
    }
    await sql.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    log(
      `COPY of ${rows} ledger rows: ${copySeconds.toFixed(1)} s (${Math.round(rows / copySeconds)} rows/s); ${indexes.length} indexes rebuilt: ${indexSeconds.toFixed(1)} s; ledger in all ${seconds.toFixed(1)} s`,
    );
    return { rowsPerSecond: rows / copySeconds, seconds };
  } catch (error) {
    await sql.query('ROLLBACK');
    throw error;
  }
};

/** The merchant API benchmark's key (BALANCE_READER_KEY), stored as keys made before sealing. */
const addBalanceReaderKey = (sql, merchantId) =>
  sql.query(
    `INSERT INTO api_keys (merchant_id, label, public_key, secret, scopes)
     VALUES ($1, 'Bench balance reader', $2, $3, ARRAY['balance:read'])`,
    [merchantId, BALANCE_READER_KEY.publicKey, BALANCE_READER_KEY.secret],
  );

/**
 * What the product's own checks would find wrong (balanceLedgerDisagreementsSql and
 * merchantBalancesFromInvoicesSql in apps/server/src/modules/balances/
 * merchant-balance-repository.ts, in SQL here): a ledger row that is not the one before it plus
 * its change, a kept balance that is not its last row's, or one that is not what its production
 * invoices and settlements add up to. None should be.
 */
const ledgerDisagreements = (sql) =>
  sql.query(`
    WITH last AS (
      SELECT DISTINCT ON (merchant_id, currency_id)
        merchant_id, currency_id, available_after, reserved_after
      FROM balance_movements
      ORDER BY merchant_id, currency_id, id DESC
    ), from_invoices AS (
      SELECT merchant_id, currency_id, sum(available)::bigint AS available,
        sum(reserved)::bigint AS reserved
      FROM (
        SELECT merchant_id, currency_id,
          CASE
            WHEN flow_type = 'DEPOSIT' AND status = 'DONE' THEN amount - fee
            WHEN flow_type = 'WITHDRAWAL' AND status IN ('IN_PROGRESS', 'PAYED', 'DONE')
              THEN -(amount + fee)
            ELSE 0
          END AS available,
          CASE WHEN flow_type = 'WITHDRAWAL' AND status = 'IN_PROGRESS' THEN amount + fee ELSE 0 END
            AS reserved
        FROM invoices
        WHERE NOT is_test_processing
        UNION ALL
        SELECT s.merchant_id, t.currency_id, -s.base_amount, 0
        FROM settlements s JOIN terminals t ON t.id = s.terminal_id
      ) AS moves
      GROUP BY merchant_id, currency_id
    )
    SELECT merchant_id, currency_id, id::text AS id, 'does not follow the row before it' AS problem
    FROM (
      SELECT merchant_id, currency_id, id,
        available_after - available_change <> coalesce(lag(available_after) OVER chain, 0)
          OR reserved_after - reserved_change <> coalesce(lag(reserved_after) OVER chain, 0)
          AS broken
      FROM balance_movements
      WINDOW chain AS (PARTITION BY merchant_id, currency_id ORDER BY id)
    ) AS chained
    WHERE broken
    UNION ALL
    SELECT coalesce(kept.merchant_id, last.merchant_id), coalesce(kept.currency_id, last.currency_id),
      NULL, 'the kept balance is not its last row''s'
    FROM merchant_balances kept
    FULL JOIN last ON last.merchant_id = kept.merchant_id AND last.currency_id = kept.currency_id
    WHERE coalesce(kept.available, 0) <> coalesce(last.available_after, 0)
       OR coalesce(kept.reserved, 0) <> coalesce(last.reserved_after, 0)
    UNION ALL
    SELECT coalesce(kept.merchant_id, moved.merchant_id),
      coalesce(kept.currency_id, moved.currency_id), NULL,
      'the kept balance is not what its invoices add up to'
    FROM merchant_balances kept
    FULL JOIN from_invoices moved
      ON moved.merchant_id = kept.merchant_id AND moved.currency_id = kept.currency_id
    WHERE coalesce(kept.available, 0) <> coalesce(moved.available, 0)
       OR coalesce(kept.reserved, 0) <> coalesce(moved.reserved, 0)`);

/**
 * Builds the whole data set on `target`. Returns rows/s of the COPY and the number of invoices.
 * @param {{ target: import('./lib/bench-database.mjs').BenchTarget, invoices: number, seed?: number, log?: (line: string) => void }} options
 */
export const generateBenchData = async ({
  target,
  invoices,
  seed = 20_261_123,
  log = () => {},
}) => {
  const started = performance.now();
  await resetDatabase(target);
  // The server applies the migrations and the demo seed exactly as in production use.
  const server = await startServer(target, {
    env: { SEED: 'demo', SANDBOX_SETTLE_SECONDS: '3600' },
  });
  await server.stop();
  log(`schema and demo data: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const sql = await openSql(target);
  try {
    const random = seededRandom(seed);
    const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const context = await prepareMerchants(sql, random);
    const benchMethod = await prepareCredentialAccounts(sql, random, context.uzs);

    const indexes = await secondaryIndexes(sql, 'invoices');
    for (const { indexname } of indexes) await sql.query(`DROP INDEX ${indexname}`);

    // The ledger of the invoices goes to a file while they are generated, and is loaded after
    // them (its rows name their invoices).
    mkdirSync(DATA_DIR, { recursive: true });
    const ledgerFile = path.join(DATA_DIR, `ledger-${target.kind}.csv`);
    const keptBefore = await sql.query(
      `SELECT merchant_id, currency_id, available::text AS available, reserved::text AS reserved
       FROM merchant_balances`,
    );
    const ledger = createLedgerBuilder({
      file: ledgerFile,
      balances: keptBefore.map((row) => ({
        merchantId: row.merchant_id,
        currencyId: row.currency_id,
        available: BigInt(row.available),
        reserved: BigInt(row.reserved),
      })),
    });

    const copyStarted = performance.now();
    await sql.copyFrom(
      `COPY invoices (${INVOICE_COLUMNS.join(', ')})`,
      invoiceChunks({ count: invoices, random, benchMethod, now, ledger, ...context }),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const built = ledger.finish();
    log(
      `COPY of ${invoices} invoices: ${copySeconds.toFixed(1)} s (${Math.round(invoices / copySeconds)} rows/s); ${built.declined} payouts not covered were declined`,
    );

    const indexStarted = performance.now();
    for (const { indexdef } of indexes) await sql.query(indexdef);
    log(
      `${indexes.length} indexes rebuilt: ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`,
    );

    let ledgerCopy;
    try {
      ledgerCopy = await loadLedger(sql, {
        file: ledgerFile,
        rows: built.rows,
        balances: built.balances,
        log,
      });
    } finally {
      removeLedgerFile(ledgerFile);
    }
    await addBalanceReaderKey(sql, context.merchants[0].id);

    await sql.query('VACUUM ANALYZE');
    const checkStarted = performance.now();
    const disagreements = await ledgerDisagreements(sql);
    if (disagreements.length > 0) {
      throw new Error(
        `the generated ledger disagrees: ${JSON.stringify(disagreements.slice(0, 5))}`,
      );
    }
    log(
      `ledger checked (chains, kept balances, invoices): ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`,
    );
    const [{ total }] = await sql.query('SELECT count(*)::int AS total FROM invoices');
    const [{ movements }] = await sql.query(
      'SELECT count(*)::int AS movements FROM balance_movements',
    );
    const seconds = (performance.now() - started) / 1000;
    log(`done: ${total} invoices, ${movements} ledger rows in ${seconds.toFixed(1)} s`);
    return {
      invoices: total,
      copyRowsPerSecond: invoices / copySeconds,
      ledgerRows: movements,
      ledgerCopyRowsPerSecond: ledgerCopy.rowsPerSecond,
      ledgerSeconds: ledgerCopy.seconds,
      declinedPayouts: built.declined,
      seconds,
    };
  } finally {
    await sql.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      invoices: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '20261123' },
    },
  });
  if (values.db !== 'postgres' && values.db !== 'pglite') {
    console.error('--db must be postgres or pglite');
    process.exit(2);
  }
  await generateBenchData({
    target: benchTarget(values.db),
    invoices: Number(values.invoices),
    seed: Number(values.seed),
    log: (line) => console.log(`[generate ${values.db}] ${line}`),
  });
}
