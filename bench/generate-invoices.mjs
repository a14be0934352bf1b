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
 *    than maintaining them row by row), then VACUUM ANALYZE so the planner and index-only scans
 *    see the real table.
 *
 * Everything random comes from one seeded generator; dates are relative to the day of the run.
 * The set: closed invoices (DONE, CANCELED, DECLINED, PAYED) over the last 365 days, in time order,
 * 5,000 IN_PROGRESS and 10,000 NEW ones from the last hours (the forms the status benchmark
 * polls), over five merchants with uneven shares; customer ids repeat (about 20 invoices each)
 * so a search by customer finds several.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchTarget, openSql, resetDatabase } from './lib/bench-database.mjs';
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

const DAY_MS = 86_400_000;
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
function* invoiceChunks({ count, random, merchants, terminals, methods, benchMethod, uzs, now }) {
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
        createdMs = now - random.integer(0, 6 * 3_600_000);
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
    return [
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
    ].join(',');
  };

  const kinds = [
    ['historical', historical],
    ['progress', IN_PROGRESS_INVOICES],
    ['poll', OPEN_FORMS],
    ['credential', CREDENTIAL_FORMS],
  ];
  let lines = [];
  for (const [kind, total] of kinds) {
    for (let index = 0; index < total; index += 1) {
      lines.push(line(kind));
      if (lines.length === ROWS_PER_CHUNK) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

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

    const indexes = await sql.query(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE tablename = 'invoices' AND indexname <> 'invoices_pkey'`,
    );
    for (const { indexname } of indexes) await sql.query(`DROP INDEX ${indexname}`);

    const copyStarted = performance.now();
    await sql.copyFrom(
      `COPY invoices (${INVOICE_COLUMNS.join(', ')})`,
      invoiceChunks({ count: invoices, random, benchMethod, now, ...context }),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    log(
      `COPY of ${invoices} invoices: ${copySeconds.toFixed(1)} s (${Math.round(invoices / copySeconds)} rows/s)`,
    );

    const indexStarted = performance.now();
    for (const { indexdef } of indexes) await sql.query(indexdef);
    log(
      `${indexes.length} indexes rebuilt: ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`,
    );
    await sql.query('VACUUM ANALYZE');
    const [{ total }] = await sql.query('SELECT count(*)::int AS total FROM invoices');
    const seconds = (performance.now() - started) / 1000;
    log(`done: ${total} invoices in ${seconds.toFixed(1)} s`);
    return { invoices: total, copyRowsPerSecond: invoices / copySeconds, seconds };
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
