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
 *
 * Logout is public like on the server (it clears the cookies of any session, dead ones too): a
 * 401 would be no news about the session. It gives up after LOGOUT_TIMEOUT_MS, so a caller that
 * retries an unconfirmed sign-out (the back office, decision 0010) is never left waiting on a
 * network that does not answer.
 */
export const LOGOUT_TIMEOUT_MS = 10_000;

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      query: (body) => ({ url: 'api/v1/login', method: 'POST', body }),
      extraOptions: { public: true },
      transformResponse: (response: { data: LoginResult }) => response.data,
      invalidatesTags: (result) => (result ? [...API_TAG_TYPES] : []),
    }),
    logout: build.mutation<LogoutResult, void>({
      query: () => ({ url: 'api/v1/logout', method: 'POST', timeout: LOGOUT_TIMEOUT_MS }),
      extraOptions: { public: true },
      transformResponse: (response: { data: LogoutResult }) => response.data,
    }),
    changePassword: build.mutation<ChangePasswordResult, ChangePasswordRequest>({
      query: (body) => ({ url: 'api/v1/user/change_password', method: 'POST', body }),
      transformResponse: (response: { data: ChangePasswordResult }) => response.data,
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useChangePasswordMutation } = sessionApi;
