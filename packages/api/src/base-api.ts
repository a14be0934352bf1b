import { createAction } from '@reduxjs/toolkit';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { type ApiError, httpStatusOf, problemCodeOf, reasonPhraseOf } from './api-errors.ts';

/**
 * Every cache tag the endpoints use, declared once so invalidation stays precise
 * (a list tag plus one tag per id).
 */
export const API_TAG_TYPES = [
  'Session',
  'Person',
  'PeopleAccount',
  'AccountLimit',
  'Invoice',
  /** Status history, errors, event log and transactions of one invoice (id = invoiceId). */
  'InvoiceEvents',
  /** Callbacks of one invoice (id = invoiceId). */
  'InvoiceCallbacks',
  /** Support tickets of one invoice (id = invoiceId). */
  'SupportTicket',
  'Merchant',
  /** Balance, deposit and withdrawal figures. */
  'MerchantFigures',
  'Terminal',
  'TerminalPool',
  'TerminalStatistics',
  'Reference',
  'Settlement',
  'PaymentForm',
  /** Back-office users (issue 22). */
  'StaffUser',
  'StaffRole',
  /** The signed-in person's own sessions. */
  'OwnSession',
] as const;

export type ApiTagType = (typeof API_TAG_TYPES)[number];

/** The id of the tag every list query provides, e.g. `{ type: 'Invoice', id: 'LIST' }`. */
export const LIST_ID = 'LIST';

/**
 * Dispatched when any call that needs the session is answered 401: the session cookie is gone or
 * expired. The back office listens to it, clears the cache (`resetApiCache()`) and goes to
 * /login. Not dispatched for login's own 401 (wrong password) nor for the public payment form.
 */
export const sessionExpired = createAction('api/sessionExpired');

/** Clears every cached answer (sign-out, session expiry). Dispatch the returned action. */
export const resetApiCache = () => baseApi.util.resetApiState();

/** Per-endpoint options of the base query (`extraOptions`). */
export interface ApiExtraOptions {
  /**
   * The call does not need the session (login, the hosted payment form): a 401 is an answer for
   * the caller, not a sign that the session expired.
   */
  public?: boolean;
}

type QueryParams = Record<string, unknown>;

/**
 * Query strings as the server reads them: arrays repeated (`statusIds=1&statusIds=2`);
 * undefined, null, empty-string and empty-array values left out (SPEC §5).
 */
export const toQueryString = (params: QueryParams): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      const text = String(item);
      if (text.trim() === '') continue;
      search.append(name, text);
    }
  }
  return search.toString();
};

// Absolute from the page origin: browsers would resolve '/' themselves, but the Request
// class of test environments does not.
const apiOrigin = `${globalThis.location?.origin ?? ''}/`;

/**
 * How long a call may take, its whole answer read, before it fails (status TIMEOUT_ERROR): a
 * server or network that never answers must not leave a screen loading for ever. Generous: the
 * slowest JSON calls answer within seconds. CSV downloads set their own (report-endpoints.ts).
 */
export const REQUEST_TIMEOUT_MS = 60_000;

const fetchQuery = fetchBaseQuery({
  baseUrl: apiOrigin,
  credentials: 'include',
  paramsSerializer: toQueryString,
  timeout: REQUEST_TIMEOUT_MS,
});

/**
 * Asks the signed-in person to confirm who they are (their password, and a code when two-factor
 * sign-in is on) and resolves true once the server took it (POST /api/v1/reauthentication), false
 * when they gave up. The back office registers one with setReauthenticationPrompt.
 */
export type ReauthenticationPrompt = () => Promise<boolean>;

let reauthenticationPrompt: ReauthenticationPrompt | null = null;
/** The prompt now open: every call refused meanwhile waits for it rather than opening another. */
let openPrompt: Promise<boolean> | null = null;
/** How many confirmations succeeded: a call sent before the latest one is retried unasked. */
let confirmations = 0;

/**
 * Registers what answers a security action refused with `reauthentication_required` (decision
 * 0019, "Recent authentication"), or none (null). Returns the undoing of this registration, which
 * leaves a prompt registered after it in place.
 */
export const setReauthenticationPrompt = (prompt: ReauthenticationPrompt | null): (() => void) => {
  reauthenticationPrompt = prompt;
  return () => {
    if (reauthenticationPrompt === prompt) reauthenticationPrompt = null;
  };
};

/** The registered prompt's answer, one open prompt shared by every call refused meanwhile. */
const confirmIdentity = (prompt: ReauthenticationPrompt): Promise<boolean> => {
  if (!openPrompt) {
    const asked = (async () => {
      try {
        const confirmed = await prompt();
        if (confirmed) confirmations += 1;
        return confirmed;
      } catch {
        return false;
      } finally {
        openPrompt = null;
      }
    })();
    openPrompt = asked;
  }
  return openPrompt;
};

type FetchQueryResult = Awaited<ReturnType<typeof fetchQuery>>;

const isReauthenticationRequired = (result: FetchQueryResult): boolean =>
  httpStatusOf(result.error) === 403 && problemCodeOf(result.error) === 'reauthentication_required';

/**
 * fetchBaseQuery plus three things: the HTTP status text on every error (`error.statusText`,
 * SPEC §8 shows it when login is answered 401), `sessionExpired` on a 401 of any call that needs
 * the session, and a security action refused with `reauthentication_required` sent once more
 * after the registered prompt (setReauthenticationPrompt) confirmed who the person is. Calls
 * refused at the same moment share one prompt; a call refused again, or whose prompt was
 * cancelled, answers the refusal. The args are re-sent as given: fetchBaseQuery builds a new
 * Request from them on every call, its JSON body included.
 */
export const sessionAwareBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const confirmationsBefore = confirmations;
  let result = await fetchQuery(args, api, extraOptions ?? {});
  const prompt = reauthenticationPrompt;
  if (!extraOptions?.public && prompt && isReauthenticationRequired(result)) {
    // Refused before a confirmation that has happened since: sent again without asking.
    const confirmed = confirmations !== confirmationsBefore || (await confirmIdentity(prompt));
    if (confirmed) result = await fetchQuery(args, api, extraOptions ?? {});
  }
  if (!result.error) return result;
  const response = result.meta?.response;
  const error: ApiError = response
    ? { ...result.error, statusText: response.statusText || reasonPhraseOf(response.status) }
    : result.error;
  if (httpStatusOf(error) === 401 && !extraOptions?.public) api.dispatch(sessionExpired());
  return { ...result, error };
};

/**
 * The one RTK Query api of both apps. Calls are same-origin (/api/...) and carry the
 * session cookie; each domain adds its endpoints with injectEndpoints. Nothing refetches on
 * window focus or reconnect unless a hook asks for it (SPEC §9).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareBaseQuery,
  tagTypes: API_TAG_TYPES,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** SPEC §9: current person, merchants and reference lists stay cached for the whole session. */
export const KEEP_FOREVER = Number.POSITIVE_INFINITY;
