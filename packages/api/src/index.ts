export { API_TAG_TYPES, baseApi } from './base-api.ts';
export { type HealthStatus, healthApi, useGetHealthQuery } from './health-endpoints.ts';
