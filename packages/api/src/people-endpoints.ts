import type { CurrentPerson, TestDashboardRequest } from './api-types.ts';
import { baseApi, KEEP_FOREVER } from './base-api.ts';

const ME = { type: 'Person', id: 'ME' } as const;

/** The signed-in person (SPEC §7 Session and people). */
export const peopleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/people/me; cached for the whole session (SPEC §9). */
    getCurrentPerson: build.query<CurrentPerson, void>({
      query: () => 'api/v1/people/me',
      transformResponse: (response: { data: CurrentPerson }) => response.data,
      providesTags: [ME],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    /**
     * Switches the test dashboard: `{ testDashboard: true | false }`, or `{}` to toggle. The
     * balance, deposit and withdrawal figures follow it.
     */
    setTestDashboard: build.mutation<CurrentPerson, TestDashboardRequest>({
      query: (body) => ({ url: 'api/v1/people/me/testDashboard', method: 'PATCH', body }),
      transformResponse: (response: { data: CurrentPerson }) => response.data,
      invalidatesTags: (result) => (result ? [ME, 'MerchantFigures'] : []),
    }),
  }),
});

export const { useGetCurrentPersonQuery, useSetTestDashboardMutation } = peopleApi;
