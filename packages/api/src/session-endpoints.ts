import type {
  ChangePasswordRequest,
  ChangePasswordResult,
  LoginRequest,
  LoginResult,
  LogoutResult,
} from './api-types.ts';
import { API_TAG_TYPES, baseApi } from './base-api.ts';

/**
 * Sign-in, sign-out and password change (SPEC §7 Session and people).
 *
 * Login is public: its 401 (wrong username or password) comes back to the caller as the error,
 * with `error.statusText` (see errorMessageOf / statusTextOf), and does not dispatch
 * sessionExpired. A successful login drops whatever an earlier session left in the cache.
 * After logout, whatever its result, the app dispatches resetApiCache() and goes to /login.
 */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      query: (body) => ({ url: 'api/v1/login', method: 'POST', body }),
      extraOptions: { public: true },
      transformResponse: (response: { data: LoginResult }) => response.data,
      invalidatesTags: (result) => (result ? [...API_TAG_TYPES] : []),
    }),
    logout: build.mutation<LogoutResult, void>({
      query: () => ({ url: 'api/v1/logout', method: 'POST' }),
      transformResponse: (response: { data: LogoutResult }) => response.data,
    }),
    changePassword: build.mutation<ChangePasswordResult, ChangePasswordRequest>({
      query: (body) => ({ url: 'api/v1/user/change_password', method: 'POST', body }),
      transformResponse: (response: { data: ChangePasswordResult }) => response.data,
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useChangePasswordMutation } = sessionApi;
