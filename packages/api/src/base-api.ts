import { createAction } from '@reduxjs/toolkit';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { type ApiError, httpStatusOf, reasonPhraseOf } from './api-errors.ts';

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
 * fetchBaseQuery plus two things: the HTTP status text on every error (`error.statusText`,
 * SPEC §8 shows it when login is answered 401), and `sessionExpired` on a 401 of any call that
 * needs the session.
 */
export const sessionAwareBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await fetchQuery(args, api, extraOptions ?? {});
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
