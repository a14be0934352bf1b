import { WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS } from '@paygate/domain';
import { type Dispatcher, fetch } from 'undici';
import type { Database } from '../../db/database.ts';
import { describeError } from '../../diagnostics/error-text.ts';
import { announceEndpointDisabled } from '../alerts/alerts-entry.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { recordLiveEvent } from '../live/live-entry.ts';
import {
  type ClaimedCallback,
  claimDueCallbacks,
  lockAttemptEndpoint,
  recordCallbackAttempt,
  recordEndpointHealth,
  releaseCallbackClaims,
  renewCallbackClaim,
} from './callback-delivery-repository.ts';
import { callbackDispatcher, literalAddressRefusal } from './callback-destination.ts';
import {
  callbackMessageId,
  callbackSigningKey,
  standardWebhookHeaders,
} from './callback-signing.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Pause before each retry of a callback that was not answered with a 2xx: after the 1st failed
 * attempt 1 min, then 5 min, 10 min, 1 h, 6 h, 6 h, 10 h. Eight attempts in all over about 23 h
 * 16 min (plus the attempts' own time); the callback is FAILED when the 8th fails too.
 */
export const CALLBACK_RETRY_DELAYS_MS: readonly number[] = [
  MINUTE_MS,
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  HOUR_MS,
  6 * HOUR_MS,
  6 * HOUR_MS,
  10 * HOUR_MS,
];

export const CALLBACK_USER_AGENT = 'paygate-callbacks/1';
/** lastError keeps at most this many characters. */
export const CALLBACK_ERROR_MAX_LENGTH = 500;

export interface CallbackDeliveryOptions {
  /** Callbacks claimed per run (default 50). */
  batchSize?: number;
  /** Deliveries in flight at once within a run (default 10). */
  concurrency?: number;
  /**
   * Callbacks of one merchant in one batch at most (default 5, half the lanes): a merchant whose
   * server answers slowly or not at all holds at most that many lanes, for one timeout, while
   * the other merchants' callbacks go through the rest. A batch takes turns across merchants.
   */
  perMerchant?: number;
  /** How long one attempt may take until the response headers arrive (default 10 s). */
  timeoutMs?: number;
  /**
   * How long a claim keeps other workers away (default 60 s). A worker that dies between claim
   * and record leaves the callback to be picked up again once the lease has run out. A whole
   * batch is claimed at once and sent `concurrency` at a time, so the last of it may start only
   * after ceil(batchSize / concurrency) - 1 attempts before it: the lease must exceed
   * ceil(batchSize / concurrency) × timeoutMs, so on a normal day a live worker sends the whole
   * batch within its lease. On a slow day (a busy pool, a lock, slow records) each claim is also
   * renewed just before its send, and one that another worker has taken over meanwhile is not
   * sent from here (renewCallbackClaim).
   */
  leaseMs?: number;
  /** The job's pause between runs that found less than a full batch (default 2 s). */
  idleDelayMs?: number;
  /**
   * Deliver to loopback and private addresses too (default false: public addresses only, see
   * callback-destination.ts). For development and tests with a local receiver; never production.
   */
  allowPrivateNetworks?: boolean;
}

const DEFAULTS = {
  batchSize: 50,
  concurrency: 10,
  perMerchant: 5,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  idleDelayMs: 2_000,
} satisfies Required<Omit<CallbackDeliveryOptions, 'allowPrivateNetworks'>>;

const settingsOf = ({ allowPrivateNetworks = false, ...limits }: CallbackDeliveryOptions) => {
  const settings = { ...DEFAULTS, ...limits };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`callback delivery: ${name} must be a positive integer`);
    }
  }
  const batchMs = Math.ceil(settings.batchSize / settings.concurrency) * settings.timeoutMs;
  if (settings.leaseMs <= batchMs) {
    throw new Error(
      'callback delivery: leaseMs must exceed ceil(batchSize / concurrency) × timeoutMs ' +
        `(${batchMs} ms), the longest a claimed batch may take`,
    );
  }
  return { ...settings, allowPrivateNetworks };
};

type DeliverySettings = ReturnType<typeof settingsOf>;

/** One HTTP client per destination policy, shared by every run (keeps connections pooled). */
const dispatchers = new Map<boolean, Dispatcher>();
const dispatcherFor = (allowPrivateNetworks: boolean): Dispatcher => {
  let dispatcher = dispatchers.get(allowPrivateNetworks);
  if (!dispatcher) {
    dispatcher = callbackDispatcher({ allowPrivateNetworks });
    dispatchers.set(allowPrivateNetworks, dispatcher);
  }
  return dispatcher;
};

/** The outcome of one attempt. `final` ends the retries at once (nothing would change). */
type AttemptOutcome = { durationMs: number; responseExcerpt: string | null } & (
  | { delivered: true; responseCode: number }
  | { delivered: false; responseCode: number | null; error: string; final?: boolean }
);

/** The response body's first characters kept in the attempt log. */
export const RESPONSE_EXCERPT_MAX_LENGTH = 500;

/**
 * Text from the merchant's side (a response body, an error about its answer) as PostgreSQL can
 * store it: its text type refuses U+0000, and a refused statement would roll back the record of
 * the attempt, leaving the callback to be sent again and again, first in every batch, without an
 * attempt ever counting (a body in UTF-16, or binary, has NULs).
 */
const storableText = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/** Reads at most the excerpt's worth of the response body, then lets the rest go. */
const responseExcerptOf = async (
  body: ReadableStream<Uint8Array> | null,
): Promise<string | null> => {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < RESPONSE_EXCERPT_MAX_LENGTH * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } catch {
    // A body cut short still leaves what arrived.
  } finally {
    await reader.cancel().catch(() => {});
  }
  const text = storableText(Buffer.concat(chunks).toString('utf8'));
  if (text === '') return null;
  return text.length <= RESPONSE_EXCERPT_MAX_LENGTH
    ? text
    : `${text.slice(0, RESPONSE_EXCERPT_MAX_LENGTH - 1)}…`;
};

/** What an endpoint's audit row and disabledReason say when failures disabled it. */
export const ENDPOINT_AUTO_DISABLED_REASON = `Disabled after every delivery failed for ${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days`;

const truncate = (error: string) => {
  const text = storableText(error);
  return text.length <= CALLBACK_ERROR_MAX_LENGTH
    ? text
    : `${text.slice(0, CALLBACK_ERROR_MAX_LENGTH - 1)}…`;
};

const describeFetchError = (error: unknown, timeoutMs: number): string => {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `No response within ${timeoutMs} ms`;
  }
  return describeError(error);
};

/** Only absolute http(s) URLs without credentials; anything else can never be delivered. */
const deliverableUrl = (raw: string): URL | string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The callback URL is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `The callback URL scheme ${url.protocol} is not http or https`;
  }
  if (url.username || url.password) return 'The callback URL must not contain credentials';
  return url;
};

const NOT_SENT = { durationMs: 0, responseExcerpt: null, responseCode: null } as const;

/**
 * One POST: signed by every secret that signs now, bounded in time, redirects not followed, the
 * response body's first characters kept for the event log.
 */
const attemptDelivery = async (
  callback: ClaimedCallback,
  { timeoutMs, allowPrivateNetworks }: DeliverySettings,
  stopping?: AbortSignal,
): Promise<AttemptOutcome> => {
  if (!callback.endpointEnabled && !callback.isManual) {
    return { ...NOT_SENT, delivered: false, error: 'The endpoint is disabled', final: true };
  }
  const url = deliverableUrl(callback.url);
  if (typeof url === 'string') {
    return { ...NOT_SENT, delivered: false, error: url, final: true };
  }
  const literalRefusal = allowPrivateNetworks ? null : literalAddressRefusal(url);
  if (literalRefusal) {
    return { ...NOT_SENT, delivered: false, error: literalRefusal, final: true };
  }
  let keys: Buffer[];
  try {
    if (callback.signingSecrets.length === 0) throw new Error('The merchant has no webhook secret');
    keys = callback.signingSecrets.map(callbackSigningKey);
  } catch (error) {
    // Retried: the merchant's secret can be fixed before the schedule runs out.
    return { ...NOT_SENT, delivered: false, error: (error as Error).message };
  }
  const body = JSON.stringify(callback.payload);
  const headers = standardWebhookHeaders(keys, callbackMessageId(callback), new Date(), body);
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(url, {
      dispatcher: dispatcherFor(allowPrivateNetworks),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': CALLBACK_USER_AGENT,
        ...headers,
      },
      body,
      redirect: 'manual',
      signal: stopping
        ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping])
        : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return {
      ...NOT_SENT,
      durationMs: elapsed(),
      delivered: false,
      error: describeFetchError(error, timeoutMs),
    };
  }
  const durationMs = elapsed();
  const responseExcerpt = await responseExcerptOf(response.body);

  const status = response.status;
  if (status >= 200 && status < 300) {
    return { delivered: true, responseCode: status, durationMs, responseExcerpt };
  }
  const location = status >= 300 && status < 400 ? response.headers.get('location') : null;
  return {
    durationMs,
    responseExcerpt,
    delivered: false,
    responseCode: status,
    error:
      status >= 300 && status < 400
        ? `HTTP ${status}: redirects are not followed${location ? ` (to ${location})` : ''}`
        : `HTTP ${status}`,
  };
};

/**
 * Records the attempt: SENT on a 2xx; otherwise the next attempt per CALLBACK_RETRY_DELAYS_MS,
 * or FAILED when the schedule is used up (or the outcome is final). The claim is released.
 */
const recordAttempt = async (db: Database, callback: ClaimedCallback, outcome: AttemptOutcome) => {
  const retryDelay =
    outcome.delivered || outcome.final ? undefined : CALLBACK_RETRY_DELAYS_MS[callback.attempts];
  const status = outcome.delivered ? 'SENT' : retryDelay === undefined ? 'FAILED' : 'PENDING';
  // The attempt, its endpoint's health and a disabling (with its audit row and notification)
  // commit together: a crash between them would leave a delivered endpoint marked failing, and
  // its run of failures would go on from the old start.
  await db.transaction(async (tx) => {
    if (callback.endpointId !== null) await lockAttemptEndpoint(tx, callback.endpointId);
    const attempt = await recordCallbackAttempt(tx, callback, {
      status,
      responseCode: outcome.responseCode,
      error: outcome.delivered ? null : truncate(outcome.error),
      retryDelayMs: retryDelay,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt,
    });
    if (!attempt) return;
    // Staff watching the invoice (or the event log) see the attempt as it happens.
    await recordLiveEvent(tx, {
      type: 'callback.attempted',
      merchantId: callback.merchantId,
      invoiceId: attempt.invoiceId,
      data: {
        callbackId: callback.id,
        status,
        responseCode: outcome.responseCode,
        durationMs: outcome.durationMs,
      },
    });
    // Only attempts that reached for the endpoint count towards its health.
    if (callback.endpointId === null || !callback.endpointEnabled) return;
    const endpointId = callback.endpointId;
    const disabled = await recordEndpointHealth(
      tx,
      endpointId,
      outcome.delivered,
      ENDPOINT_AUTO_DISABLED_REASON,
    );
    if (!disabled) return;
    await recordEvent(tx, {
      eventCode: EVENT_CODES.webhookEndpointAutoDisabled,
      description: `Webhook endpoint ${disabled.url}: ${ENDPOINT_AUTO_DISABLED_REASON.toLowerCase()}`,
      merchantId: disabled.merchantId,
      entityType: 'webhook_endpoint',
      entityId: endpointId,
    });
    // On the merchant's Notifications screen and as a toast to their signed-in staff.
    await announceEndpointDisabled(
      tx,
      { id: endpointId, merchantId: disabled.merchantId, url: disabled.url },
      ENDPOINT_AUTO_DISABLED_REASON,
    );
  });
};

/** Runs `work` over `items` with at most `limit` at once; throws after all have finished. */
const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) => {
  const errors: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'callback delivery: recording failed');
};

/** What one batch did, and whether more may be due at once. */
interface BatchOutcome {
  attempted: number;
  /** The batch was full, or a merchant had its full share: the job goes again at once. */
  moreDue: boolean;
}

const deliverBatch = async (
  db: Database,
  settings: DeliverySettings,
  { stopping, unfinished }: DeliveryRun,
): Promise<BatchOutcome> => {
  const claimed = await claimDueCallbacks(db, settings);
  for (const { id, claimedUntil } of claimed) unfinished?.set(id, claimedUntil);
  await forEachLimited(claimed, settings.concurrency, async (callback) => {
    // Stopping: not attempted, or cut short by us rather than the merchant; the claim goes back.
    if (stopping?.aborted) return;
    // Still ours? Earlier sends of the batch may have outlasted the lease, and another worker
    // may have claimed this one since (and sent it): then it is not sent from here too.
    let claimedUntil: string | null = null;
    try {
      claimedUntil = await renewCallbackClaim(db, callback, settings.leaseMs);
    } finally {
      // Not renewed (taken over, or the renewal failed): not this worker's to send or release.
      if (claimedUntil === null) unfinished?.delete(callback.id);
    }
    if (claimedUntil === null) return;
    unfinished?.set(callback.id, claimedUntil);
    const outcome = await attemptDelivery(callback, settings, stopping);
    if (stopping?.aborted && !outcome.delivered) return;
    try {
      await recordAttempt(db, callback, outcome);
    } finally {
      // Recorded, or the record failed and the lease decides: not ours to release either way.
      unfinished?.delete(callback.id);
    }
  });
  const perMerchant = new Map<number, number>();
  for (const { merchantId } of claimed) {
    perMerchant.set(merchantId, (perMerchant.get(merchantId) ?? 0) + 1);
  }
  return {
    attempted: claimed.length,
    moreDue:
      claimed.length >= settings.batchSize ||
      [...perMerchant.values()].some((count) => count >= settings.perMerchant),
  };
};

/**
 * One batch: claims the due callbacks (in turns across merchants, claimDueCallbacks), POSTs each
 * to its URL (no database transaction open meanwhile), records every attempt. Returns how many
 * callbacks were attempted. Delivery is at-least-once: a crash after a POST but before its
 * record repeats the POST after the lease.
 */
export const deliverDueCallbacks = async (
  db: Database,
  options: CallbackDeliveryOptions = {},
  run: DeliveryRun = {},
): Promise<number> => (await deliverBatch(db, settingsOf(options), run)).attempted;

/** What a job's run shares with deliverDueCallbacks for a clean stop. */
export interface DeliveryRun {
  /** Aborts when the server stops. */
  stopping?: AbortSignal;
  /**
   * Claims not yet recorded, callback id to lease token; what is left in it when the run ends is
   * released.
   */
  unfinished?: Map<number, string>;
}

/** Clears the lease of callbacks claimed but not attempted, so any instance may take them now. */
const releaseUnfinished = async (db: Database, claims: Map<number, string>): Promise<void> => {
  if (claims.size === 0) return;
  await releaseCallbackClaims(
    db,
    [...claims].map(([id, claimedUntil]) => ({ id, claimedUntil })),
  );
  claims.clear();
};

/** The periodic job delivering merchant callbacks (see startBackgroundJobs). */
export const callbackDeliveryJob = (
  db: Database,
  options: CallbackDeliveryOptions = {},
): BackgroundJob => {
  const settings = settingsOf(options);
  const unfinished = new Map<number, string>();
  return {
    name: 'callback-delivery',
    idleDelayMs: settings.idleDelayMs,
    runOnce: async (stopping) =>
      (await deliverBatch(db, settings, { stopping, unfinished })).moreDue,
    releaseClaims: () => releaseUnfinished(db, unfinished),
  };
};
