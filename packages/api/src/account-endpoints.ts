import type {
  AccountAmountHold,
  AccountCredential,
  AccountCredentialRequest,
  AccountLimit,
  AccountLimitRequest,
  CreatePeopleAccountRequest,
  PeopleAccountDetails,
  PeopleAccountListQuery,
  PeopleAccountPage,
  TogglePeopleAccountRequest,
} from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type OptionalArg } from './query-args.ts';

export interface AccountArgs {
  accountId: number;
}

export interface CredentialArgs extends AccountArgs {
  credentialId: number;
}

const ACCOUNT_LIST = { type: 'PeopleAccount', id: LIST_ID } as const;

/** One account changed: it and the list (its row shows enabled, names and method). */
const accountChanged = (accountId: number) => [
  { type: 'PeopleAccount' as const, id: accountId },
  ACCOUNT_LIST,
];

/**
 * Provider (people) accounts with their credentials and limits (SPEC §7 Session and people;
 * credential paths from the server: /api/v1/people/account/{id}/credential[/{credentialId}]).
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/people/account: a page of accounts, ordered by id. */
    getPeopleAccounts: build.query<PeopleAccountPage, OptionalArg<PeopleAccountListQuery>>({
      query: (arg) => ({ url: 'api/v1/people/account', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<PeopleAccountPage>,
      providesTags: (result) => [
        ACCOUNT_LIST,
        ...(result?.items ?? []).map(({ id }) => ({ type: 'PeopleAccount' as const, id })),
      ],
    }),
    /** One account with its credentials and limits. */
    getPeopleAccount: build.query<PeopleAccountDetails, AccountArgs>({
      query: ({ accountId }) => `api/v1/people/account/${accountId}`,
      transformResponse: dataOf<PeopleAccountDetails>,
      providesTags: (_result, _error, { accountId }) => [{ type: 'PeopleAccount', id: accountId }],
    }),
    /**
     * GET /api/v1/people/account/{id}/amount-holds: the payments holding an amount of the
     * account. Tagged with the account, so a change of its limits (checkUniqueAmount) reloads
     * them; they also change with payments and end with time, which no tag tells, so the page
     * asks again whenever it is opened.
     */
    getAccountAmountHolds: build.query<AccountAmountHold[], AccountArgs>({
      query: ({ accountId }) => `api/v1/people/account/${accountId}/amount-holds`,
      transformResponse: dataOf<AccountAmountHold[]>,
      providesTags: (_result, _error, { accountId }) => [{ type: 'PeopleAccount', id: accountId }],
    }),
    /** PATCH /api/v1/people/account/{id}: enables or disables an account. */
    togglePeopleAccount: build.mutation<
      PeopleAccountDetails,
      AccountArgs & TogglePeopleAccountRequest
    >({
      query: ({ accountId, ...body }) => ({
        url: `api/v1/people/account/${accountId}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: dataOf<PeopleAccountDetails>,
      invalidatesTags: (result, _error, { accountId }) => (result ? accountChanged(accountId) : []),
    }),
    /** POST /api/v1/people/create: provider and payment method required (SPEC §5). */
    createPeopleAccount: build.mutation<PeopleAccountDetails, CreatePeopleAccountRequest>({
      query: (body) => ({ url: 'api/v1/people/create', method: 'POST', body }),
      transformResponse: dataOf<PeopleAccountDetails>,
      invalidatesTags: (result) => (result ? [ACCOUNT_LIST] : []),
    }),
    /** GET /api/router/v1/people/account/limit/{id}: null until limits are set. */
    getAccountLimit: build.query<AccountLimit | null, AccountArgs>({
      query: ({ accountId }) => `api/router/v1/people/account/limit/${accountId}`,
      transformResponse: dataOf<AccountLimit | null>,
      providesTags: (_result, _error, { accountId }) => [{ type: 'AccountLimit', id: accountId }],
    }),
    /** PUT /api/router/v1/people/account/limit/{id}: limit, priority, checkUniqueAmount. */
    updateAccountLimit: build.mutation<AccountLimit, AccountArgs & AccountLimitRequest>({
      query: ({ accountId, ...body }) => ({
        url: `api/router/v1/people/account/limit/${accountId}`,
        method: 'PUT',
        body,
      }),
      transformResponse: dataOf<AccountLimit>,
      invalidatesTags: (result, _error, { accountId }) =>
        result
          ? [
              { type: 'AccountLimit', id: accountId },
              { type: 'PeopleAccount', id: accountId },
            ]
          : [],
    }),
    addAccountCredential: build.mutation<AccountCredential, AccountArgs & AccountCredentialRequest>(
      {
        query: ({ accountId, ...body }) => ({
          url: `api/v1/people/account/${accountId}/credential`,
          method: 'POST',
          body,
        }),
        transformResponse: dataOf<AccountCredential>,
        invalidatesTags: (result, _error, { accountId }) =>
          result ? [{ type: 'PeopleAccount', id: accountId }] : [],
      },
    ),
    changeAccountCredential: build.mutation<
      AccountCredential,
      CredentialArgs & AccountCredentialRequest
    >({
      query: ({ accountId, credentialId, ...body }) => ({
        url: `api/v1/people/account/${accountId}/credential/${credentialId}`,
        method: 'PUT',
        body,
      }),
      transformResponse: dataOf<AccountCredential>,
      invalidatesTags: (result, _error, { accountId }) =>
        result ? [{ type: 'PeopleAccount', id: accountId }] : [],
    }),
    removeAccountCredential: build.mutation<AccountCredential, CredentialArgs>({
      query: ({ accountId, credentialId }) => ({
        url: `api/v1/people/account/${accountId}/credential/${credentialId}`,
        method: 'DELETE',
      }),
      transformResponse: dataOf<AccountCredential>,
      invalidatesTags: (result, _error, { accountId }) =>
        result ? [{ type: 'PeopleAccount', id: accountId }] : [],
    }),
  }),
});

export const {
  useGetPeopleAccountsQuery,
  useGetPeopleAccountQuery,
  useGetAccountAmountHoldsQuery,
  useTogglePeopleAccountMutation,
  useCreatePeopleAccountMutation,
  useGetAccountLimitQuery,
  useUpdateAccountLimitMutation,
  useAddAccountCredentialMutation,
  useChangeAccountCredentialMutation,
  useRemoveAccountCredentialMutation,
} = accountApi;
