import { baseApi } from './base-api.ts';

export interface HealthStatus {
  status: 'ok';
}

export const healthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<HealthStatus, void>({ query: () => 'api/health' }),
  }),
});

export const { useGetHealthQuery } = healthApi;
