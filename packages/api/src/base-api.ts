import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * Every cache tag the endpoints use, declared once so invalidation stays precise
 * (a list tag plus one tag per id).
 */
export const API_TAG_TYPES = [
  'Session',
  'Person',
  'PeopleAccount',
  'Invoice',
  'InvoiceEvents',
  'Merchant',
  'Terminal',
  'Reference',
  'Settlement',
  'PaymentForm',
] as const;

/**
 * The one RTK Query api of both apps. Calls are same-origin (/api/...) and carry the
 * session cookie; each domain adds its endpoints with injectEndpoints.
 */
// Absolute from the page origin: browsers would resolve '/' themselves, but the Request
// class of test environments does not.
const apiOrigin = `${globalThis.location?.origin ?? ''}/`;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiOrigin, credentials: 'include' }),
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
