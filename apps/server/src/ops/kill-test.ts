/**
 * Kill test: the built server (dist/main.js) on a fresh database takes a stream of
 * hosted-form flows (merchant API create, form init/credential/complete, provider reports and
 * sandbox payouts) while it is killed with SIGKILL at random moments and restarted. Afterwards it
 * checks, in the database and at a local merchant callback receiver:
 * - no invoice lost, none in an illegal state (history follows the state machine, ends final);
 * - no people account's limit overcommitted, every balance equal to what its invoices hold;
 * - every final status's callback delivered at least once;
 * - no money moved twice (one DONE per invoice, one successful provider attempt at most).
 *
 *   apps/server/node_modules/.bin/tsx apps/server/src/ops/kill-test.ts
 *
 * KILL_TEST_DATABASE is `postgres` (default: a new database through TEST_DATABASE_URL, a role
 * that may create databases; default the test command's local PostgreSQL) or `embedded` (the
 * default PGlite in a new data folder, which only the server may open while it runs: the test
 * reads it between runs). KILL_TEST_KILLS (default 6) sets how many times the server is killed;
 * KILL_TEST_SERVER another build's main.js (with the migrations reachable from it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  computeSupportCode,
  holdsAccountLimit,
  type InvoiceStatusCode,
  isEngineTransition,
  isFinalStatus,
} from '@paygate/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedDatabase } from '../db/embedded-database.ts';
import { createEmptyTestDatabase, dropTestDatabase } from '../db/testing/postgres-databases.ts';
import {
  balanceLedgerDisagreementsSql,
  merchantBalancesFromInvoicesSql,
} from '../modules/balances/merchant-balance-repository.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.resolve(
  process.env.KILL_TEST_SERVER ?? path.join(SERVER_DIR, 'dist/main.js'),
);
const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://paygate_test:paygate_test@127.0.0.1:5432/postgres';
const KILLS = Number(process.env.KILL_TEST_KILLS ?? 6);
const DATABASE_KIND = process.env.KILL_TEST_DATABASE === 'embedded' ? 'embedded' : 'postgres';
const WORKERS = 6;
/** How long the whole check may take before it gives up waiting (the run aims at < 3 min). */
const DRAIN_LIMIT_MS = 100_000;
/** A flow step keeps retrying through restarts for this long. */
const STEP_LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomBetween = (low: number, high: number) => low + Math.random() * (high - low);
const log = (message: string) => process.stdout.write(`[kill-test] ${message}\n`);

// --- The server under test --------------------------------------------------------------------

const freePort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

class ServerProcess {
  private child: ChildProcess | undefined;
  starts = 0;
  constructor(
    private readonly env: Record<string, string>,
    private readonly baseUrl: string,
    private readonly logFile: string,
  ) {}

  async start(timeoutMs: number) {
    const output = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(output);
    child.stderr?.pipe(output);
    this.child = child;
    this.starts += 1;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`server not healthy within ${timeoutMs} ms`);
  }

  get running() {
    return this.child !== undefined && this.child.exitCode === null;
  }

  /** SIGKILL: no shutdown handler runs, requests and job runs die where they are. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

// --- The merchant's callback receiver ---------------------------------------------------------

interface ReceivedCallback {
  webhookId: string;
  invoiceId: string;
  status: string;
}

const startReceiver = async () => {
  const received: ReceivedCallback[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        // The Standard Webhooks envelope of an invoice event (decision 0021).
        const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data: { invoiceId: string; status: string };
        };
        received.push({
          webhookId: String(request.headers['webhook-id']),
          invoiceId: data.invoiceId,
          status: data.status,
        });
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

// --- Signed merchant and provider calls (docs/merchant-api.md, docs/provider-api.md) ----------

/** The demo's fixed keys, derived as apps/server/src/seed/demo-data-seed.ts derives them. */
const demoDigest = (label: string) =>
  createHash('sha256').update(`paygate demo: ${label}`).digest();
const DEMO_MERCHANT = {
  apiKey: `pk_${demoDigest('merchant public key').subarray(0, 16).toString('hex')}`,
  secret: `whsec_${demoDigest('merchant signing secret').toString('base64')}`,
  prefix: '/api/merchant/v1',
};
const demoProvider = (code: string) => ({
  apiKey: code,
  secret: `whsec_${demoDigest(`provider signing secret ${code}`).toString('base64')}`,
  prefix: '/api/provider/v1',
});
type Caller = typeof DEMO_MERCHANT;

interface Answer {
  status: number;
  /** `data` on success; a problem (decision 0020) on an error: `detail`, `code`. */
  body: { data?: Record<string, unknown>; detail?: string; code?: string };
}

class Api {
  constructor(private readonly baseUrl: string) {}

  async call(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} } as Answer;
  }

  signed(caller: Caller, path: string, body: unknown, extraHeaders: Record<string, string> = {}) {
    const url = `${caller.prefix}${path}`;
    const text = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = Buffer.from(caller.secret.slice('whsec_'.length), 'base64');
    const signature = createHmac('sha256', key)
      .update(`${timestamp}.POST.${url}.${text}`)
      .digest('hex');
    return this.call(url, body, {
      'x-api-key': caller.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
      ...extraHeaders,
    });
  }
}

/** Attempts that failed on the way (connection refused or reset, 5xx): the kills' footprint. */
let failedAttempts = 0;

/**
 * One step of a flow, retried through server restarts: network errors, 5xx and "in progress"
 * answers are tried again; `accept` says which answers end the step.
 */
const retryStep = async (
  name: string,
  attempt: () => Promise<Answer>,
  accept: (answer: Answer) => boolean,
): Promise<Answer> => {
  const deadline = Date.now() + STEP_LIMIT_MS;
  let last = 'no attempt';
  while (Date.now() < deadline) {
    try {
      const answer = await attempt();
      if (accept(answer)) return answer;
      const retryable = answer.status >= 500 || answer.body.code === 'idempotency_key_in_progress';
      last = `HTTP ${answer.status} ${answer.body.detail ?? ''}`;
      if (!retryable) throw new Error(`${name}: unexpected ${last}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${name}:`)) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
    failedAttempts += 1;
    await sleep(250);
  }
  throw new Error(`${name}: gave up after ${STEP_LIMIT_MS} ms (${last})`);
};

// --- The flows ----------------------------------------------------------------------------------

interface FlowContext {
  api: Api;
  /** Codes of the providers holding the card accounts: one of them receives each deposit. */
  cardProviders: string[];
  runId: string;
  callbackUrl: string;
  terminals: { uzsDeposits: number; rubPayouts: number };
  sbpBankCode: number;
  /** merchantInvoiceId → invoiceId of every invoice the merchant API created. */
  created: Map<string, string>;
}

const finishedForm = (answer: Answer) => answer.status === 409 || answer.status === 410;

/** Form init and method choice, as the hosted form does them; false when the form is finished. */
const chooseMethod = async (context: FlowContext, formId: string, methodName: string) => {
  const init = await retryStep(
    'init',
    () => context.api.call(`/api/payments/form/${formId}/init`, {}),
    (answer) => answer.status === 200 || finishedForm(answer),
  );
  if (init.status !== 200) return false;
  const form = init.body.data as {
    amount: number;
    methods: Array<{ id: number; name: string }>;
    verficationKey: string;
  };
  const method = form.methods.find((candidate) => candidate.name === methodName);
  if (!method) throw new Error(`no method ${methodName} on form ${formId}`);
  const credential = await retryStep(
    'credential',
    async () =>
      context.api.call(`/api/payments/form/${formId}/credential`, {
        amount: form.amount,
        paymentMethodId: method.id,
        supportCode: await computeSupportCode(formId, form.verficationKey),
      }),
    // 409: no account had room (the invoice is DECLINED) or the form finished meanwhile.
    (answer) => answer.status === 200 || finishedForm(answer),
  );
  return credential.status === 200;
};

const createInvoice = async (context: FlowContext, body: Record<string, unknown>) => {
  const merchantInvoiceId = body.merchantInvoiceId as string;
  const created = await retryStep(
    'create',
    () =>
      context.api.signed(DEMO_MERCHANT, '/invoices', body, {
        'Idempotency-Key': `create-${merchantInvoiceId}`,
      }),
    (answer) => answer.status === 201 || answer.status === 200,
  );
  const { invoiceId, paymentUrl } = created.body.data as { invoiceId: string; paymentUrl: string };
  context.created.set(merchantInvoiceId, invoiceId);
  return { invoiceId, formId: new URL(paymentUrl).pathname.split('/').pop() as string };
};

/** A card deposit: requisites, "I have paid", then the provider confirms or declines. */
const depositFlow = async (context: FlowContext) => {
  const { invoiceId, formId } = await createInvoice(context, {
    flowType: 'DEPOSIT',
    terminalId: context.terminals.uzsDeposits,
    amount: 250_000,
    currency: 'UZS',
    merchantInvoiceId: `${context.runId}-${randomUUID()}`,
    // A customer per deposit: one customer holds requisites for at most three open deposits.
    customer: {
      externalId: `kill-test-customer-${randomUUID()}`,
      firstName: 'Dilnoza',
      lastName: 'Aliyeva',
    },
    paymentMethodName: 'Humo',
    callbackUrl: context.callbackUrl,
  });
  if (!(await chooseMethod(context, formId, 'Humo'))) return;
  await retryStep(
    'complete',
    () => context.api.call(`/api/payments/form/${formId}/complete`, {}),
    (answer) => answer.status === 200 || finishedForm(answer),
  );
  const outcome = Math.random() < 0.2 ? 'DECLINED' : 'DONE';
  // The provider whose account was assigned reports; to the others the invoice is not found.
  // (Asking the database instead is not possible on the embedded one while the server runs.)
  await retryStep(
    'provider report',
    async () => {
      let answer: Answer = { status: 404, body: {} };
      for (const code of context.cardProviders) {
        answer = await context.api.signed(demoProvider(code), `/invoices/${invoiceId}/status`, {
          status: outcome,
          providerInvoiceId: `kill-${invoiceId}`,
        });
        if (answer.status !== 404) return answer;
      }
      return answer;
    },
    (answer) => answer.status === 200,
  );
};

/** An SBP payout of a test terminal: the sandbox pays it (or declines "decline…" customers). */
const withdrawalFlow = async (context: FlowContext) => {
  const { formId } = await createInvoice(context, {
    flowType: 'WITHDRAWAL',
    terminalId: context.terminals.rubPayouts,
    amount: 150_000,
    currency: 'RUB',
    merchantInvoiceId: `${context.runId}-${randomUUID()}`,
    customer: { externalId: Math.random() < 0.2 ? 'decline-kill-test' : 'kill-test-customer' },
    paymentMethodName: 'Sbp',
    callbackUrl: context.callbackUrl,
  });
  if (!(await chooseMethod(context, formId, 'Sbp'))) return;
  await retryStep(
    'complete',
    () =>
      context.api.call(`/api/payments/form/${formId}/complete`, {
        credential: '79123456789',
        bankCodeInteger: context.sbpBankCode,
      }),
    // 409 after a restart: the payout was requested by the attempt whose answer was lost.
    (answer) => answer.status === 200 || finishedForm(answer),
  );
};

// --- Invariants -------------------------------------------------------------------------------

const checkInvariants = async (
  pool: pg.Pool,
  runId: string,
  created: Map<string, string>,
  received: ReceivedCallback[],
) => {
  const problems: string[] = [];
  const invoices = (
    await pool.query<{
      id: string;
      merchant_invoice_id: string;
      status: InvoiceStatusCode;
      flow_type: string;
      people_account_id: number | null;
    }>(
      `SELECT id, merchant_invoice_id, status, flow_type, people_account_id FROM invoices
        WHERE merchant_invoice_id LIKE $1`,
      [`${runId}-%`],
    )
  ).rows;
  const byMerchantId = new Map(invoices.map((invoice) => [invoice.merchant_invoice_id, invoice]));
  for (const [merchantInvoiceId, invoiceId] of created) {
    if (byMerchantId.get(merchantInvoiceId)?.id !== invoiceId) {
      problems.push(`invoice ${invoiceId} (${merchantInvoiceId}) lost`);
    }
  }

  const history = (
    await pool.query<{ invoice_id: string; status: InvoiceStatusCode }>(
      `SELECT h.invoice_id, h.status FROM invoice_status_history h
         JOIN invoices i ON i.id = h.invoice_id
        WHERE i.merchant_invoice_id LIKE $1 ORDER BY h.invoice_id, h.status_date, h.id`,
      [`${runId}-%`],
    )
  ).rows;
  const historyOf = new Map<string, InvoiceStatusCode[]>();
  for (const row of history) {
    historyOf.set(row.invoice_id, [...(historyOf.get(row.invoice_id) ?? []), row.status]);
  }
  const statusCounts: Record<string, number> = {};
  for (const invoice of invoices) {
    const outcome = `${invoice.flow_type} ${invoice.status}`;
    statusCounts[outcome] = (statusCounts[outcome] ?? 0) + 1;
    if (!isFinalStatus(invoice.status))
      problems.push(`invoice ${invoice.id} stuck ${invoice.status}`);
    const steps = historyOf.get(invoice.id) ?? [];
    const legal =
      steps[0] === 'NEW' &&
      steps.at(-1) === invoice.status &&
      steps.every((to, index) => {
        const from = steps[index - 1];
        return from === undefined || isEngineTransition(from, to);
      });
    if (!legal) problems.push(`invoice ${invoice.id} history ${steps.join(' → ')}`);
    // A deposit that got requisites holds them from one account (whose limit it took).
    if (invoice.flow_type === 'DEPOSIT' && steps.includes('IN_PROGRESS')) {
      if (invoice.people_account_id === null)
        problems.push(`deposit ${invoice.id} without account`);
    }
  }

  // Money moved once: one successful provider attempt at most per invoice.
  const doubleAttempts = await pool.query(
    `SELECT t.invoice_id FROM invoice_transactions t JOIN invoices i ON i.id = t.invoice_id
      WHERE i.merchant_invoice_id LIKE $1 AND t.status = 'SUCCESS'
      GROUP BY t.invoice_id HAVING count(*) > 1`,
    [`${runId}-%`],
  );
  for (const row of doubleAttempts.rows) problems.push(`invoice ${row.invoice_id} paid twice`);

  // Every account's balance is exactly what its invoices hold, never above its limit.
  const accounts = await pool.query<{
    people_account_id: number;
    limit: string;
    balance: string;
    held: string;
  }>(
    `SELECT l.people_account_id, l."limit", l.balance,
            coalesce((SELECT sum(i.amount) FROM invoices i
                       WHERE i.people_account_id = l.people_account_id
                         AND i.status = ANY($1)), 0) AS held
       FROM people_account_limits l`,
    [
      (['NEW', 'IN_PROGRESS', 'PAYED', 'DONE', 'DECLINED', 'CANCELED'] as const).filter(
        holdsAccountLimit,
      ),
    ],
  );
  for (const account of accounts.rows) {
    if (BigInt(account.balance) > BigInt(account.limit)) {
      problems.push(`account ${account.people_account_id} over its limit: ${account.balance}`);
    }
    if (BigInt(account.balance) !== BigInt(account.held)) {
      problems.push(
        `account ${account.people_account_id} balance ${account.balance}, invoices hold ${account.held}`,
      );
    }
  }

  // Every merchant balance is exactly what its invoices and settlements say (decision 0017): no
  // SIGKILL left a change applied to one and not the other.
  const balanceDrift = await drizzle(pool).execute(
    sql`SELECT computed.merchant_id, computed.currency_id, computed.available, computed.reserved,
               kept.available AS kept_available, kept.reserved AS kept_reserved
          FROM (${merchantBalancesFromInvoicesSql}) AS computed
          FULL JOIN merchant_balances kept
            ON kept.merchant_id = computed.merchant_id AND kept.currency_id = computed.currency_id
         WHERE kept.available IS DISTINCT FROM computed.available
            OR kept.reserved IS DISTINCT FROM computed.reserved`,
  );
  for (const row of balanceDrift.rows) {
    problems.push(`merchant balance drifted: ${JSON.stringify(row)}`);
  }
  // And its ledger tells the same story, row by row (decision 0028).
  const ledgerDisagreements = await drizzle(pool).execute(balanceLedgerDisagreementsSql);
  for (const row of ledgerDisagreements.rows) {
    problems.push(`balance ledger disagrees: ${JSON.stringify(row)}`);
  }

  // Every final status reached the merchant at least once.
  const delivered = new Set(received.map(({ invoiceId, status }) => `${invoiceId} ${status}`));
  for (const invoice of invoices) {
    if (isFinalStatus(invoice.status) && !delivered.has(`${invoice.id} ${invoice.status}`)) {
      problems.push(`callback ${invoice.status} of ${invoice.id} never delivered`);
    }
  }
  const repeated = received.length - new Set(received.map(({ webhookId }) => webhookId)).size;
  return { problems, statusCounts, invoices: invoices.length, repeated };
};

/**
 * Drops the test database. An autovacuum worker busy in it makes DROP … WITH (FORCE) fail for a
 * role that is not superuser (it may not signal that worker), so a few tries; a database left
 * behind is reported, not a failed check.
 */
const dropDatabase = async (name: string) => {
  try {
    await dropTestDatabase(ADMIN_URL, name);
  } catch (error) {
    log(`could not drop database ${name}: ${(error as Error).message}`);
  }
};

// --- The database under test ------------------------------------------------------------------

interface DatabaseUnderTest {
  /** What the server is started with. */
  serverEnv: Record<string, string>;
  label: string;
  /**
   * Runs `use` on a connection to the server's database. PostgreSQL: at any time. Embedded: only
   * one process may open the data folder, so a running server is stopped first (SIGTERM) and
   * started again afterwards.
   */
  read: <T>(server: ServerProcess, use: (pool: pg.Pool) => Promise<T>) => Promise<T>;
  dispose: () => Promise<void>;
}

const postgresUnderTest = async (): Promise<DatabaseUnderTest> => {
  const { name, url } = await createEmptyTestDatabase(ADMIN_URL, 'paygate_kill');
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => {});
  return {
    serverEnv: { DATABASE_URL: url.toString() },
    label: `PostgreSQL database ${name}`,
    read: (_server, use) => use(pool),
    dispose: async () => {
      await pool.end();
      await dropDatabase(name);
    },
  };
};

const embeddedUnderTest = (workDir: string): DatabaseUnderTest => {
  const dataDir = path.join(workDir, 'data');
  return {
    serverEnv: { DATA_DIR: dataDir },
    label: `embedded database in ${dataDir}`,
    read: async (server, use) => {
      const wasRunning = server.running;
      if (wasRunning) await server.stop();
      const embedded = await startEmbeddedDatabase({ dataDir });
      const pool = new pg.Pool({ ...embedded.connection, max: 1 });
      pool.on('error', () => {});
      try {
        return await use(pool);
      } finally {
        await pool.end();
        await embedded.close();
        if (wasRunning) await server.start(60_000);
      }
    },
    dispose: async () => {},
  };
};

// --- The run ----------------------------------------------------------------------------------

const main = async () => {
  const startedAt = Date.now();
  if (!existsSync(SERVER_ENTRY)) {
    log('building the server (no dist/main.js)');
    const build = spawnSync('pnpm', ['--filter', '@paygate/server', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'paygate-kill-'));
  const database =
    DATABASE_KIND === 'embedded' ? embeddedUnderTest(workDir) : await postgresUnderTest();

  const receiver = await startReceiver();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const server = new ServerProcess(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      ...database.serverEnv,
      SEED: 'demo',
      SANDBOX_SETTLE_SECONDS: '1',
      CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'warn',
      // Six workers on one address call the form and the APIs far faster than customers do;
      // this test is about crashes, not rate limits (http/rate-limits.test.ts).
      RATE_LIMIT_ENABLED: 'false',
    },
    baseUrl,
    logFile,
  );
  let passed = false;
  try {
    log(`server on ${baseUrl}, ${database.label}; seeding demo data`);
    await server.start(180_000);
    log(`server ready after ${Math.round((Date.now() - startedAt) / 1000)} s`);

    const setUp = await database.read(server, async (pool) => {
      // Tight limits on the card accounts, so deposits also meet full accounts and get declined.
      await pool.query(
        `UPDATE people_account_limits l SET "limit" = l.balance + 25000000
           FROM people_accounts a JOIN payment_methods m ON m.id = a.payment_method_id
          WHERE a.id = l.people_account_id AND m.code = 'HUMOUZS'`,
      );
      const terminalId = async (name: string) => {
        const { rows } = await pool.query<{ id: number }>(
          'SELECT t.id FROM terminals t JOIN merchants m ON m.id = t.merchant_id WHERE t.name = $1 AND m.client_public_key = $2',
          [name, DEMO_MERCHANT.apiKey],
        );
        if (!rows[0]) throw new Error(`no demo terminal ${name}`);
        return rows[0].id;
      };
      const { rows: providers } = await pool.query<{ code: string }>(
        `SELECT DISTINCT p.code FROM people_accounts a JOIN providers p ON p.id = a.provider_id
           JOIN payment_methods m ON m.id = a.payment_method_id
          WHERE m.code = 'HUMOUZS' ORDER BY p.code`,
      );
      return {
        cardProviders: providers.map((provider) => provider.code),
        terminals: {
          uzsDeposits: await terminalId('UZS deposits'),
          rubPayouts: await terminalId('RUB payouts'),
        },
      };
    });
    if (setUp.cardProviders.length === 0) throw new Error('no demo provider holds card accounts');
    const api = new Api(baseUrl);
    const context: FlowContext = {
      api,
      cardProviders: setUp.cardProviders,
      runId: `kill-${randomBytes(3).toString('hex')}`,
      callbackUrl: receiver.url,
      terminals: setUp.terminals,
      sbpBankCode: 0,
      created: new Map(),
    };

    let loading = true;
    const flowErrors: string[] = [];
    let flows = 0;
    const worker = async () => {
      while (loading) {
        try {
          if (Math.random() < 0.6) await depositFlow(context);
          else await withdrawalFlow(context);
          flows += 1;
        } catch (error) {
          flowErrors.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    // The SBP bank list comes from any form; the first payout form answers it.
    const probe = await createInvoice(context, {
      flowType: 'WITHDRAWAL',
      terminalId: context.terminals.rubPayouts,
      amount: 150_000,
      currency: 'RUB',
      merchantInvoiceId: `${context.runId}-probe`,
      customer: { externalId: 'kill-test-customer' },
      paymentMethodName: 'Sbp',
      callbackUrl: context.callbackUrl,
    });
    const banks = await api.call(`/api/payments/form/${probe.formId}/banks/sbp`);
    context.sbpBankCode = (banks.body.data as unknown as Array<{ codeInteger: number }>)[0]
      ?.codeInteger as number;
    // The probe invoice goes through the flow too (checked like the others).
    if (await chooseMethod(context, probe.formId, 'Sbp')) {
      await api.call(`/api/payments/form/${probe.formId}/complete`, {
        credential: '79123456789',
        bankCodeInteger: context.sbpBankCode,
      });
    }

    const workers = Array.from({ length: WORKERS }, worker);
    for (let kill = 1; kill <= KILLS; kill += 1) {
      await sleep(randomBetween(2_000, 6_000));
      await server.kill();
      log(`kill ${kill}/${KILLS} (SIGKILL) after ${flows} flows; restarting`);
      await sleep(randomBetween(0, 1_000));
      await server.start(60_000);
    }
    await sleep(2_000);
    loading = false;
    await Promise.all(workers);
    log(`${flows} flows finished, ${flowErrors.length} failed; waiting for the queues to drain`);

    // Quiet: every invoice final and every callback of this run delivered (a callback claimed by
    // a killed instance waits for its lease, 60 s, before another run picks it up).
    // The embedded database is read with the server stopped, so it is looked at less often.
    const drainPollMs = DATABASE_KIND === 'embedded' ? 10_000 : 500;
    const drainDeadline = Date.now() + DRAIN_LIMIT_MS;
    while (Date.now() < drainDeadline) {
      await sleep(drainPollMs);
      const open = await database.read(server, async (pool) => {
        const { rows } = await pool.query<{ open: string }>(
          `SELECT (SELECT count(*) FROM invoices WHERE merchant_invoice_id LIKE $1
                     AND status NOT IN ('DONE', 'DECLINED', 'CANCELED'))
                + (SELECT count(*) FROM callbacks c JOIN invoices i ON i.id = c.invoice_id
                    WHERE i.merchant_invoice_id LIKE $1 AND c.status <> 'SENT') AS open`,
          [`${context.runId}-%`],
        );
        return rows[0]?.open;
      });
      if (open === '0') break;
    }

    await server.stop();
    const result = await database.read(server, (pool) =>
      checkInvariants(pool, context.runId, context.created, receiver.received),
    );
    const problems = [...flowErrors.map((error) => `flow failed: ${error}`), ...result.problems];
    log(
      `${KILLS} kills, ${server.starts} starts, ${result.invoices} invoices ` +
        `${JSON.stringify(result.statusCounts)}, ${receiver.received.length} callbacks received ` +
        `(${result.repeated} repeated deliveries), ${failedAttempts} requests retried, ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    if (result.invoices < KILLS * 3)
      problems.push(`only ${result.invoices} invoices: too little load`);
    for (const problem of problems.slice(0, 30)) log(`PROBLEM ${problem}`);
    if (problems.length > 30) log(`… and ${problems.length - 30} more`);
    passed = problems.length === 0;
    log(passed ? 'passed: every invariant holds' : `FAILED: ${problems.length} problems`);
  } finally {
    await server.stop();
    await receiver.close();
    await database.dispose();
    if (!passed && existsSync(logFile)) {
      log('last server output:');
      process.stdout.write(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
    }
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(passed ? 0 : 1);
};

main().catch((error: unknown) => {
  process.stderr.write(`[kill-test] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
