export * from './account-endpoints.ts';
export * from './api-errors.ts';
export type * from './api-types.ts';
export * from './balance-movement-endpoints.ts';
export {
  API_TAG_TYPES,
  type ApiExtraOptions,
  type ApiTagType,
  baseApi,
  KEEP_FOREVER,
  LIST_ID,
  type ReauthenticationPrompt,
  resetApiCache,
  sessionAwareBaseQuery,
  sessionExpired,
  setReauthenticationPrompt,
  toQueryString,
} from './base-api.ts';
export * from './developer-endpoints.ts';
export * from './download.ts';
export { type HealthStatus, healthApi, useGetHealthQuery } from './health-endpoints.ts';
export * from './invoice-endpoints.ts';
export * from './invoice-event-endpoints.ts';
export * from './merchant-endpoints.ts';
export * from './notification-endpoints.ts';
export * from './payment-form-endpoints.ts';
export * from './people-endpoints.ts';
export type { MerchantChoice, OptionalArg, TerminalChoice } from './query-args.ts';
export * from './reference-endpoints.ts';
export * from './report-endpoints.ts';
export * from './security-endpoints.ts';
export * from './session-endpoints.ts';
export * from './settlement-endpoints.ts';
export * from './staff-endpoints.ts';
export * from './terminal-endpoints.ts';
