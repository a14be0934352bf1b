import type {
  ChangePasswordRequest,
  ChangePasswordResult,
  EnrolledSignIn,
  LoginRequest,
  LoginResult,
  LogoutResult,
  SecondFactorCodeRequest,
  SecondFactorSignIn,
  TwoFactorEnrolment,
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
    /**
     * Sign-in's second step (decision 0019), after a login answered `next: 'two-factor'`: a code
     * of the authenticator app or a recovery code. The second_factor cookie names the person.
     */
    signInWithCode: build.mutation<SecondFactorSignIn, SecondFactorCodeRequest>({
      query: (body) => ({ url: 'api/v1/login/two-factor', method: 'POST', body }),
      extraOptions: { public: true },
      transformResponse: (response: { data: SecondFactorSignIn }) => response.data,
      invalidatesTags: (result) => (result ? [...API_TAG_TYPES] : []),
    }),
    /** After `next: 'two-factor-enrolment'`: a new secret to scan (the role requires 2FA). */
    startSignInEnrolment: build.mutation<TwoFactorEnrolment, void>({
      query: () => ({ url: 'api/v1/login/two-factor/enrolment', method: 'POST' }),
      extraOptions: { public: true },
      transformResponse: (response: { data: TwoFactorEnrolment }) => response.data,
    }),
    /** A first code: second factor on, signed in; the answer's recovery codes are shown once. */
    confirmSignInEnrolment: build.mutation<EnrolledSignIn, SecondFactorCodeRequest>({
      query: (body) => ({ url: 'api/v1/login/two-factor/enrolment/confirm', method: 'POST', body }),
      extraOptions: { public: true },
      transformResponse: (response: { data: EnrolledSignIn }) => response.data,
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

export const {
  useLoginMutation,
  useSignInWithCodeMutation,
  useStartSignInEnrolmentMutation,
  useConfirmSignInEnrolmentMutation,
  useLogoutMutation,
  useChangePasswordMutation,
} = sessionApi;
