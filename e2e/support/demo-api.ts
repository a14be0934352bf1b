import { createHash, createHmac } from 'node:crypto';
import { PaygateClient } from '@paygate/merchant-sdk';
import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { demoPassword } from './backoffice-session.ts';
import { E2E_URLS } from './e2e-servers.ts';

/**
 * The demo's fixed keys, derived exactly as the demo seed derives them
 * (DEMO_MERCHANT_API_KEYS, DEMO_MERCHANT_WEBHOOK_SECRET and DEMO_PROVIDER_SIGNING_SECRET in
 * apps/server/src/seed/demo-data-seed.ts): public, demo-only values, used here the way a
 * merchant and a provider would use theirs.
 */
const demoDigest = (label: string) =>
  createHash('sha256').update(`paygate demo: ${label}`).digest();

export const DEMO_MERCHANT = {
  apiKey: `pk_${demoDigest('merchant public key').subarray(0, 16).toString('hex')}`,
  secret: `whsec_${demoDigest('merchant signing secret').toString('base64')}`,
  /** What the merchant's webhook deliveries are signed with (apart from the API key). */
  webhookSecret: `whsec_${demoDigest('merchant webhook secret').toString('base64')}`,
};

/**
 * The demo merchant's server calling the merchant API the way the guide shows: through the
 * merchant SDK (packages/merchant-sdk), which signs every call and sends an Idempotency-Key
 * with every invoice it creates.
 */
export const demoMerchantApi = new PaygateClient({
  baseUrl: E2E_URLS.api,
  apiKey: DEMO_MERCHANT.apiKey,
  secret: DEMO_MERCHANT.secret,
});

/** A seeded provider, signing with its demo secret (demoProviderSigningSecret). */
export const demoProvider = (code: string) => ({
  apiKey: code,
  secret: `whsec_${demoDigest(`provider signing secret ${code}`).toString('base64')}`,
  prefix: '/api/provider/v1',
});

/**
 * The provider a deposit was routed to (the one whose people account got it): each provider
 * sees only its own invoices, so the one that can read it is the one to confirm it.
 */
export const providerOfInvoice = async (request: APIRequestContext, invoiceId: string) => {
  const admin = await request.post(`${E2E_URLS.api}/api/v1/login`, {
    data: { username: 'admin', password: 'admin-demo' },
  });
  if (!admin.ok()) throw new Error(`demo admin login failed: ${admin.status()}`);
  const providers = (await (await request.get(`${E2E_URLS.api}/api/v1/provider`)).json()) as {
    data: Array<{ code: string }>;
  };
  for (const { code } of providers.data) {
    const caller = demoProvider(code);
    const read = await signedRequest(request, caller, 'GET', `/invoices/${invoiceId}`);
    if (read.status === 200) return caller;
  }
  throw new Error(`no provider sees invoice ${invoiceId}`);
};

type Caller = ReturnType<typeof demoProvider>;

/**
 * A provider API request signed as docs/provider-api.md describes (the merchant API is called
 * through demoMerchantApi).
 */
export const signedRequest = async (
  request: APIRequestContext,
  caller: Caller,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => {
  const url = `${caller.prefix}${path}`;
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(caller.secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${timestamp}.${method}.${url}.${text}`)
    .digest('hex');
  const response = await request.fetch(`${E2E_URLS.api}${url}`, {
    method,
    headers: {
      'x-api-key': caller.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signature,
      ...(text ? { 'content-type': 'application/json' } : {}),
    },
    ...(text ? { data: text } : {}),
  });
  return {
    status: response.status(),
    json: (await response.json()) as { data: Record<string, unknown> },
  };
};

export type DemoUsername = 'admin' | 'merchant' | 'support' | 'operator';

/** An API client with its own cookie jar, signed in as a demo user (anonymous for null). */
export const demoApiAs = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  username: DemoUsername | null,
) => {
  const api = await playwright.request.newContext({ baseURL: E2E_URLS.api });
  if (username) {
    const login = await api.post('/api/v1/login', {
      data: { username, password: demoPassword(username) },
    });
    expect(login.status(), `sign-in of ${username}`).toBe(200);
  }
  return api;
};

/**
 * A terminal's id by name, from the terminal list the signed-in `request` may read (of
 * `merchantId` when given: staff see every merchant's).
 */
export const terminalIdByName = async (
  request: APIRequestContext,
  name: string,
  merchantId?: number,
): Promise<number> => {
  const query = merchantId === undefined ? '' : `?merchantId=${merchantId}`;
  const terminals = (await (
    await request.get(`${E2E_URLS.api}/api/v1/terminal${query}`)
  ).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const terminal = terminals.data.find((candidate) => candidate.name === name);
  if (!terminal) throw new Error(`no demo terminal named ${name}`);
  return terminal.id;
};

/** The demo merchant's terminal id by name (merchant API calls need it). */
export const demoTerminalId = async (request: APIRequestContext, name: string): Promise<number> => {
  // Signed in as the demo merchant's own user, the back office lists its terminals.
  const login = await request.post(`${E2E_URLS.api}/api/v1/login`, {
    data: { username: 'merchant', password: demoPassword('merchant') },
  });
  if (!login.ok()) throw new Error(`demo merchant login failed: ${login.status()}`);
  return terminalIdByName(request, name);
};
