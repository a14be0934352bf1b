import { randomUUID } from 'node:crypto';
import type {
  Balance,
  BalanceList,
  BalanceTransaction,
  BalanceTransactionFilters,
  BalanceTransactionPage,
  CreateInvoiceBody,
  EventFilters,
  EventPage,
  Invoice,
  InvoiceFilters,
  InvoicePage,
  MerchantEvent,
} from './merchant-api-types.ts';
import { PaygateApiError } from './paygate-api-error.ts';
import { sign, unixTimestamp } from './request-signing.ts';

/** Every merchant API call lives under this path of the API's origin. */
export const MERCHANT_API_PATH = '/api/merchant/v1';

/** The part of `fetch` the client uses; the global `fetch` is one. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface PaygateClientOptions {
  /** The API's origin, e.g. https://pay.example.com (http://127.0.0.1:3000 for `npm start`). */
  baseUrl: string;
  /** The API key's public key, `pk_…`. */
  apiKey: string;
  /** The API key's secret, `sk_…` (or `whsec_…` for keys made before API keys had their own). */
  secret: string;
  /** Sends the requests (default: the global fetch). */
  fetch?: FetchLike;
  /** The clock the X-Timestamp is taken from (default: the system clock). */
  now?: () => Date;
  /**
   * How often a failed call is tried again (default 2): after a network error or timeout, a
   * 5xx, a 429 and a 409 idempotency_key_in_progress or concurrent_change. createInvoice always sends an
   * Idempotency-Key, so a retry never creates a second invoice.
   */
  maxRetries?: number;
  /** The first retry's delay in ms, doubled on each further one (default 500); Retry-After wins. */
  retryDelayMs?: number;
  /** How long one attempt may take, in ms (default 30 000). */
  timeoutMs?: number;
}

export interface CreateInvoiceOptions {
  /**
   * 1–255 printable ASCII characters without spaces, e.g. `create-${merchantInvoiceId}`.
   * Without one a random key is made for this call, so the client's own retries are safe; pass
   * your own to make retries of your own (after a crash, from a queue) safe too.
   */
  idempotencyKey?: string;
}

export interface CreatedInvoice {
  invoice: Invoice;
  /** True when the server answered an earlier request with the same key (nothing was created). */
  replayed: boolean;
  /** The Idempotency-Key that was sent. */
  idempotencyKey: string;
}

type QueryValue = string | number | boolean | Date | readonly (string | number)[] | undefined;

/** `?a=1&status=NEW&status=DONE`: repeated names for arrays, percent-encoded, in key order. */
const queryString = (query: Record<string, QueryValue> = {}): string => {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = item instanceof Date ? item.toISOString() : String(item);
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 30_000;

/** 409s that a moment later answer otherwise: the key's first request, or a racing change, ended. */
const RETRYABLE_CONFLICTS = new Set(['idempotency_key_in_progress', 'concurrent_change']);

const isRetryable = (error: PaygateApiError) =>
  RETRYABLE_STATUSES.has(error.status) ||
  (error.status === 409 && RETRYABLE_CONFLICTS.has(error.code ?? ''));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  idempotencyKey?: string;
}

/**
 * A client of the merchant API (docs/merchant-api.md): every call signed with the API key,
 * errors thrown as PaygateApiError, lists paged by cursor.
 *
 * ```js
 * const paygate = new PaygateClient({ baseUrl, apiKey: 'pk_…', secret: 'sk_…' });
 * const { invoice } = await paygate.createInvoice({ flowType: 'DEPOSIT', … });
 * ```
 */
export class PaygateClient {
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #secret: string;
  readonly #fetch: FetchLike;
  readonly #now: () => Date;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #timeoutMs: number;

  constructor(options: PaygateClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') {
      throw new TypeError('baseUrl is an http(s) URL, e.g. https://pay.example.com');
    }
    if (!options.apiKey) throw new TypeError('apiKey (pk_…) is required');
    if (!options.secret) throw new TypeError('secret (sk_…) is required');
    // Kept without a trailing slash; a path of its own (behind a proxy) is kept too.
    this.#baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
    this.#apiKey = options.apiKey;
    this.#secret = options.secret;
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.#now = options.now ?? (() => new Date());
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  /**
   * Creates an invoice (201). Sends an Idempotency-Key (yours, or a random one): a retry with
   * the same key and body answers the first invoice again with `replayed: true`.
   */
  async createInvoice(
    body: CreateInvoiceBody,
    options: CreateInvoiceOptions = {},
  ): Promise<CreatedInvoice> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const { response, data } = await this.#call<{ data: Invoice }>('POST', '/invoices', {
      body,
      idempotencyKey,
    });
    return {
      invoice: data.data,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      idempotencyKey,
    };
  }

  /** One invoice by our id (404 not_found for another merchant's, like a missing one). */
  async getInvoice(invoiceId: string): Promise<Invoice> {
    const path = `/invoices/${encodeURIComponent(invoiceId)}`;
    return (await this.#call<{ data: Invoice }>('GET', path)).data.data;
  }

  /** One page of invoices, newest first; `has_more` says whether another page follows. */
  async listInvoices(filters: InvoiceFilters = {}): Promise<InvoicePage> {
    return (await this.#call<InvoicePage>('GET', '/invoices', { query: filters })).data;
  }

  /** Every invoice matching the filters, newest first, fetching page after page as it goes. */
  async *invoices(filters: InvoiceFilters = {}): AsyncGenerator<Invoice, void, undefined> {
    let page = await this.listInvoices(filters);
    for (;;) {
      yield* page.data;
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      page = await this.listInvoices({ ...filters, starting_after: last.invoiceId });
    }
  }

  /** One page of the event log, newest first, with each event's deliveries. */
  async listEvents(filters: EventFilters = {}): Promise<EventPage> {
    return (await this.#call<EventPage>('GET', '/events', { query: filters })).data;
  }

  /** Every event matching the filters, newest first, fetching page after page as it goes. */
  async *events(filters: EventFilters = {}): AsyncGenerator<MerchantEvent, void, undefined> {
    let page = await this.listEvents(filters);
    for (;;) {
      yield* page.data;
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      page = await this.listEvents({ ...filters, starting_after: last.id });
    }
  }

  /** Every balance, one per currency (by currency code), in minor units; needs balance:read. */
  async listBalances(): Promise<Balance[]> {
    return (await this.#call<BalanceList>('GET', '/balances')).data.data;
  }

  /**
   * One page of the balance transactions, newest first; needs balance:read. Each is the one
   * before it (of the same currency) plus its change.
   */
  async listBalanceTransactions(
    filters: BalanceTransactionFilters = {},
  ): Promise<BalanceTransactionPage> {
    return (
      await this.#call<BalanceTransactionPage>('GET', '/balance-transactions', { query: filters })
    ).data;
  }

  /**
   * Every balance transaction matching the filters, newest first, fetching page after page as it
   * goes.
   */
  async *balanceTransactions(
    filters: BalanceTransactionFilters = {},
  ): AsyncGenerator<BalanceTransaction, void, undefined> {
    let page = await this.listBalanceTransactions(filters);
    for (;;) {
      yield* page.data;
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      page = await this.listBalanceTransactions({ ...filters, starting_after: last.id });
    }
  }

  /** One signed call, tried again (re-signed) after a retryable failure. */
  async #call<T>(
    method: 'GET' | 'POST',
    path: string,
    { query, body, idempotencyKey }: CallOptions = {},
  ): Promise<{ response: Response; data: T }> {
    const url = new URL(`${this.#baseUrl}${MERCHANT_API_PATH}${path}${queryString(query)}`);
    // Signed as it goes on the wire: the URL parser's serialisation of path and query.
    const pathWithQuery = `${url.pathname}${url.search}`;
    const payload = body === undefined ? '' : JSON.stringify(body);
    for (let attempt = 0; ; attempt += 1) {
      const timestamp = unixTimestamp(this.#now());
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': this.#apiKey,
        'x-timestamp': timestamp,
        'x-signature': sign({ timestamp, method, pathWithQuery, body: payload }, this.#secret),
      };
      if (payload) headers['content-type'] = 'application/json';
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const retriesLeft = attempt < this.#maxRetries;

      let response: Response;
      let text: string;
      try {
        response = await this.#fetch(url.href, {
          method,
          headers,
          ...(payload ? { body: payload } : {}),
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
        text = response.ok ? await response.text() : '';
      } catch (error) {
        // A network error or a timeout: the request may or may not have been handled.
        if (!retriesLeft) throw error;
        await sleep(this.#retryDelay(attempt));
        continue;
      }
      if (response.ok) return { response, data: (text ? JSON.parse(text) : undefined) as T };

      const error = await PaygateApiError.fromResponse(response);
      if (!retriesLeft || !isRetryable(error)) throw error;
      await sleep(this.#retryDelay(attempt, error.retryAfterSeconds));
    }
  }

  #retryDelay(attempt: number, retryAfterSeconds?: number): number {
    if (retryAfterSeconds !== undefined) {
      return Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
    }
    return this.#retryDelayMs * 2 ** attempt;
  }
}
