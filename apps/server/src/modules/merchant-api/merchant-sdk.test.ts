import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, terminals } from '../../db/schema.ts';
import {
  DEMO_MERCHANT_API_KEYS,
  DEMO_MERCHANT_WEBHOOK_SECRET,
  demoPassword,
  seedDemoData,
} from '../../seed/demo-data-seed.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { deliverDueCallbacks } from '../callbacks/callback-delivery-job.ts';
import { TO_LOCAL_RECEIVER } from '../callbacks/callback-test-receiver.ts';

/**
 * The merchant SDK (packages/merchant-sdk) and the examples the merchant API guide quotes, against
 * the real server: a full app on a demo-seeded PGlite database, listening on a free port. The SDK
 * is built with its own tsc settings into a scratch node_modules, so the examples run exactly as
 * a merchant runs them (plain Node, `import … from '@paygate/merchant-sdk'`, the built JS) and
 * no other task's build of packages/merchant-sdk/dist is waited for or raced with.
 */

type Sdk = typeof import('@paygate/merchant-sdk');

const SDK_DIR = fileURLToPath(new URL('../../../../../packages/merchant-sdk/', import.meta.url));
const execFileAsync = promisify(execFile);

/** Builds the SDK into <root>/node_modules/@paygate/merchant-sdk with its examples. */
const installBuiltSdk = async (root: string): Promise<string> => {
  const packageDir = path.join(root, 'node_modules', '@paygate', 'merchant-sdk');
  await mkdir(packageDir, { recursive: true });
  const tsc = createRequire(path.join(SDK_DIR, 'package.json')).resolve('typescript/bin/tsc');
  await execFileAsync(process.execPath, [
    tsc,
    '-p',
    path.join(SDK_DIR, 'tsconfig.build.json'),
    '--outDir',
    path.join(packageDir, 'dist'),
    '--declaration',
    'false',
  ]);
  await cp(path.join(SDK_DIR, 'package.json'), path.join(packageDir, 'package.json'));
  await cp(path.join(SDK_DIR, 'examples'), path.join(packageDir, 'examples'), { recursive: true });
  // Its one dependency, where Node looks for it from the built files.
  await symlink(
    await realpath(path.join(SDK_DIR, 'node_modules', 'standardwebhooks')),
    path.join(root, 'node_modules', 'standardwebhooks'),
    'dir',
  );
  return packageDir;
};

interface ExampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of an example: the test server, and none of the caller's PAYGATE_* values. */
const exampleEnv = (baseUrl: string, extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('PAYGATE_') && name !== 'ORDER_ID' && name !== 'PORT',
    ),
  ),
  PAYGATE_URL: baseUrl,
  ...extra,
});

describe('the merchant SDK and the guide’s examples against the server', () => {
  let testApp: TestApp;
  let scratch: string;
  let packageDir: string;
  let sdk: Sdk;
  let baseUrl: string;
  let demoTerminalId: number;

  const client = (overrides: Partial<ConstructorParameters<Sdk['PaygateClient']>[0]> = {}) =>
    new sdk.PaygateClient({
      baseUrl,
      apiKey: DEMO_MERCHANT_API_KEYS.clientPublicKey,
      secret: DEMO_MERCHANT_API_KEYS.signingSecret,
      ...overrides,
    });

  const invoiceBody = (merchantInvoiceId = `sdk-${randomUUID()}`) => ({
    flowType: 'DEPOSIT' as const,
    terminalId: demoTerminalId,
    amount: 150_000,
    currency: 'UZS',
    merchantInvoiceId,
    customer: { externalId: 'sdk-customer' },
  });

  const runExample = (name: string, args: string[] = [], env: Record<string, string> = {}) =>
    new Promise<ExampleRun>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(packageDir, 'examples', name), ...args],
        { cwd: scratch, env: exampleEnv(baseUrl, env), timeout: 30_000 },
        (error, stdout, stderr) => {
          if (error && typeof error.code !== 'number') reject(error);
          else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
        },
      );
    });

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'paygate-merchant-sdk-'));
    const [built] = await Promise.all([
      installBuiltSdk(scratch),
      (async () => {
        testApp = await createTestApp('pglite');
        await seedReferenceData(testApp.db);
        await seedDemoData(testApp.db);
      })(),
    ]);
    packageDir = built;
    sdk = (await import(pathToFileURL(path.join(packageDir, 'dist', 'index.js')).href)) as Sdk;
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

    const [terminal] = await testApp.db
      .select({ id: terminals.id })
      .from(terminals)
      .innerJoin(merchants, eq(merchants.id, terminals.merchantId))
      .where(
        and(
          eq(merchants.clientPublicKey, DEMO_MERCHANT_API_KEYS.clientPublicKey),
          eq(terminals.name, 'UZS deposits'),
        ),
      );
    if (!terminal) throw new Error('the demo has no UZS deposits terminal');
    demoTerminalId = terminal.id;
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('the examples default to the demo’s keys and its UZS deposits terminal', async () => {
    const examples = await Promise.all(
      ['create-invoice.mjs', 'list-invoices.mjs', 'list-events.mjs'].map((name) =>
        readFile(path.join(SDK_DIR, 'examples', name), 'utf8'),
      ),
    );
    for (const text of examples) {
      expect(text).toContain(`'${DEMO_MERCHANT_API_KEYS.clientPublicKey}'`);
      expect(text).toContain(`'${DEMO_MERCHANT_API_KEYS.signingSecret}'`);
    }
    expect(examples[0]).toContain('process.env.PAYGATE_TERMINAL_ID ?? 1)');
    // Terminals are numbered in the seed's order on a fresh database, as `npm start` makes it.
    expect(demoTerminalId).toBe(1);
    const receiver = await readFile(path.join(SDK_DIR, 'examples', 'webhook-receiver.mjs'), 'utf8');
    expect(receiver).toContain(`'${DEMO_MERCHANT_WEBHOOK_SECRET}'`);
  });

  describe('the client', () => {
    it('creates an invoice once per idempotency key, reads it back and finds it by your id', async () => {
      const body = invoiceBody();
      const first = await client().createInvoice(body);
      expect(first).toMatchObject({
        replayed: false,
        invoice: { merchantInvoiceId: body.merchantInvoiceId, status: 'NEW', amount: 150_000 },
      });
      // A retry with the key the SDK made answers the same invoice and creates nothing.
      const again = await client().createInvoice(body, { idempotencyKey: first.idempotencyKey });
      expect(again).toEqual({ ...first, replayed: true });

      await expect(client().getInvoice(first.invoice.invoiceId)).resolves.toEqual(first.invoice);
      await expect(
        client().listInvoices({ merchantInvoiceId: body.merchantInvoiceId }),
      ).resolves.toEqual({ data: [first.invoice], has_more: false });
    });

    it('walks every page of a filtered list, as one long page has it', async () => {
      const filters = {
        status: ['NEW' as const, 'IN_PROGRESS' as const],
        flowType: 'DEPOSIT' as const,
        createdFrom: new Date(Date.now() - 5 * 24 * 60 * 60_000),
      };
      const whole = await client().listInvoices({ ...filters, limit: 100 });
      expect(whole.has_more).toBe(false);
      expect(whole.data.length).toBeGreaterThan(6);

      const walked: string[] = [];
      for await (const invoice of client().invoices({ ...filters, limit: 3 })) {
        walked.push(invoice.invoiceId);
      }
      expect(walked).toEqual(whole.data.map((invoice) => invoice.invoiceId));
    });

    it('reads the event log, page by page', async () => {
      const { invoice } = await client().createInvoice(invoiceBody());
      const page = await client().listEvents({ invoiceId: invoice.invoiceId });
      expect(page).toMatchObject({
        has_more: false,
        data: [
          {
            id: expect.stringMatching(/^evt_\d+$/),
            type: 'invoice.created',
            invoiceId: invoice.invoiceId,
            payload: { type: 'invoice.created', data: { invoiceId: invoice.invoiceId } },
            deliveries: [],
          },
        ],
      });
      // The demo seeds no events: only this file's invoices made some.
      const all = await client().listEvents({ limit: 100 });
      expect(all.has_more).toBe(false);
      expect(all.data.length).toBeGreaterThan(1);
      const walked: string[] = [];
      for await (const event of client().events({ limit: 1 })) walked.push(event.id);
      expect(walked).toEqual(all.data.map((event) => event.id));
    });

    it('throws the server’s problems as PaygateApiError', async () => {
      const missing = await client()
        .getInvoice(randomUUID())
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(sdk.PaygateApiError);
      expect(missing).toMatchObject({
        status: 404,
        code: 'not_found',
        detail: 'Invoice not found',
        requestId: expect.any(String),
      });

      const invalid = await client()
        .createInvoice({ ...invoiceBody(), amount: 12.5 })
        .catch((error: unknown) => error);
      expect(invalid).toMatchObject({
        status: 400,
        code: 'validation_failed',
        errors: [expect.objectContaining({ location: 'body', field: '/amount' })],
      });

      const forged = client({
        secret: `sk_${Buffer.alloc(32, 9).toString('base64')}`,
        maxRetries: 0,
      });
      await expect(forged.listInvoices()).rejects.toMatchObject({
        status: 401,
        code: 'invalid_signature',
      });
    });
  });

  describe('the examples (plain Node against the built SDK)', () => {
    it('create-invoice.mjs creates an invoice once per order and prints where to pay', async () => {
      const orderId = `ORD-sdk-${randomUUID()}`;
      const created = await runExample('create-invoice.mjs', [], { ORDER_ID: orderId });
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const match =
        /^Created invoice ([0-9a-f-]{36}) for order (\S+): NEW, 150000 UZS \(minor units\)\nSend the customer to (https?:\/\/\S+\/payment\/\S+)\n$/.exec(
          created.stdout,
        );
      expect(match, created.stdout).not.toBeNull();
      const [, invoiceId, order, paymentUrl] = match ?? [];
      expect(order).toBe(orderId);
      await expect(client().getInvoice(invoiceId ?? '')).resolves.toMatchObject({
        merchantInvoiceId: orderId,
        paymentUrl,
        terminalId: demoTerminalId,
      });

      const again = await runExample('create-invoice.mjs', [], { ORDER_ID: orderId });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(`Already created invoice ${invoiceId} for order ${orderId}`);
    });

    it('create-invoice.mjs prints the problem and exits 1 when refused', async () => {
      const refused = await runExample('create-invoice.mjs', [], {
        PAYGATE_TERMINAL_ID: '999999',
      });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /^Refused \(400 \w+\): Terminal 999999 not found\nRequest id: [\w.:-]+\n$/,
      );
    });

    it('list-invoices.mjs prints the newest page and every DONE invoice of the week', async () => {
      const weekAgo = () => new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
      const countDone = async () => {
        let count = 0;
        for await (const _ of client().invoices({ status: ['DONE'], createdFrom: weekAgo() })) {
          count += 1;
        }
        return count;
      };
      const before = await countDone();
      const listed = await runExample('list-invoices.mjs');
      const after = await countDone();

      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      const lines = listed.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('Newest 5 invoices (more follow):');
      expect(lines.slice(1, 6)).toHaveLength(5);
      for (const line of lines.slice(1, 6)) {
        expect(line).toMatch(/^ {2}\S+ {2}[0-9a-f-]{36} {2}[A-Z_]+ +\d+ [A-Z]{3} {2}\S+$/);
      }
      const count = Number(/^DONE in the last 7 days: (\d+) invoices$/.exec(lines[6] ?? '')?.[1]);
      // The week's window moves on while the example runs: its count lies between the two.
      expect(count).toBeGreaterThan(20);
      expect(count).toBeLessThanOrEqual(before);
      expect(count).toBeGreaterThanOrEqual(after);
      for (const line of lines.slice(7))
        expect(line).toMatch(/^ {2}[A-Z]{3}: \d+ \(minor units\)$/);
    });

    it('webhook-receiver.mjs verifies real deliveries, skips repeats, refuses forgeries', async () => {
      const receiver = spawn(
        process.execPath,
        [path.join(packageDir, 'examples', 'webhook-receiver.mjs')],
        { cwd: scratch, env: exampleEnv(baseUrl, { PORT: '0' }) },
      );
      const output = collectOutput(receiver);
      try {
        const url = (await output.waitFor(/Listening on (http:\S+)\n/))[1] ?? '';

        // The demo merchant's user adds the receiver as an endpoint and sends a test event.
        const cookie = await signIn(testApp.app, 'merchant', demoPassword('merchant'));
        const backOffice = async (method: 'POST', url_: string, payload?: object) => {
          const response = await testApp.app.inject({
            method,
            url: url_,
            headers: { cookie },
            ...(payload ? { payload } : {}),
          });
          expect(response.statusCode, response.body).toBeLessThan(300);
          return response.json<{ data: { id: number; eventId: string } }>().data;
        };
        const endpoint = await backOffice('POST', '/api/v1/developers/webhook-endpoints', {
          url,
          eventTypes: ['invoice.created'],
        });
        const test = await backOffice(
          'POST',
          `/api/v1/developers/webhook-endpoints/${endpoint.id}/test`,
        );
        const { invoice } = await client().createInvoice(invoiceBody());
        await deliverDueCallbacks(testApp.db, TO_LOCAL_RECEIVER);

        await output.waitFor(new RegExp(`${test.eventId} webhook\\.test: `));
        const [created] = (await client().listEvents({ invoiceId: invoice.invoiceId })).data;
        if (!created) throw new Error('no invoice.created event');
        await output.waitFor(
          new RegExp(`${created.id} invoice\\.created: ${invoice.invoiceId} is NEW\\n`),
        );

        // Sent again (a resend, same webhook-id): verified, recognised, acknowledged.
        const [delivery] = created.deliveries;
        expect(delivery).toMatchObject({ url, status: 'SENT', lastResponseCode: 204 });
        await backOffice('POST', `/api/v1/developers/callbacks/${delivery?.callbackId}/resend`);
        await deliverDueCallbacks(testApp.db, TO_LOCAL_RECEIVER);
        await output.waitFor(new RegExp(`${created.id} again: already handled\\n`));

        // A forged delivery is refused with 400.
        const forged = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'evt_1',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
          },
          body: JSON.stringify({ type: 'invoice.done', timestamp: '', data: {} }),
        });
        expect(forged.status).toBe(400);
        await output.waitFor(/Refused a delivery: No matching signature found\n/);

        // list-events.mjs shows the event and its delivery to the receiver.
        const events = await runExample('list-events.mjs', [invoice.invoiceId]);
        expect(events.code).toBe(0);
        expect(events.stdout).toBe(
          `Events of invoice ${invoice.invoiceId}, newest first:\n` +
            `  ${created.createdAt}  ${created.id}  invoice.created  invoice ${invoice.invoiceId}\n` +
            `    SENT to ${url} after 1 attempt(s), last answer 204\n` +
            `    SENT to ${url} after 1 attempt(s), last answer 204\n`,
        );
      } finally {
        receiver.kill('SIGTERM');
      }
      const exitCode = await output.exited;
      expect(output.text()).toContain('Stopped\n');
      expect(output.errors()).toBe('');
      expect(exitCode).toBe(0);
    });
  });
});

/** A child's output as it arrives, with a wait for a line and for its exit code. */
const collectOutput = (child: ChildProcessWithoutNullStreams) => {
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const check of waiters) check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    exited,
    text: () => stdout,
    errors: () => stderr,
    waitFor: (pattern: RegExp, timeoutMs = 15_000) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${pattern}; output:\n${stdout}${stderr}`));
        }, timeoutMs);
        const check = () => {
          const match = pattern.exec(stdout);
          if (!match) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(match);
        };
        waiters.add(check);
        check();
      }),
  };
};
