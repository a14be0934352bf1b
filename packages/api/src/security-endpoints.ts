import type {
  OwnSession,
  PasswordLinkOwner,
  Reauthenticated,
  ReauthenticationRequest,
  RecoveryCodes,
  SecondFactorCodeRequest,
  SetPasswordWithLinkRequest,
  TwoFactorEnrolment,
  TwoFactorEnrolmentRequest,
  TwoFactorStatus,
} from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { dataOf } from './query-args.ts';

export interface SessionArgs {
  sessionId: string;
}

export interface PasswordLinkArgs {
  token: string;
}

const SESSION_LIST = { type: 'OwnSession', id: LIST_ID } as const;
const TWO_FACTOR = { type: 'OwnSession', id: 'TWO_FACTOR' } as const;

/**
 * The signed-in person's own security (issue 22 items 1 and 4): their live sessions, and the
 * public one-time set-password link (no session: a 401 there is the link's answer, not expiry).
 */
export const securityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/sessions: live sessions, the most recently used first, `current` marked. */
    getOwnSessions: build.query<OwnSession[], void>({
      query: () => 'api/v1/sessions',
      transformResponse: dataOf<OwnSession[]>,
      providesTags: [SESSION_LIST],
    }),
    /** DELETE /api/v1/sessions/{id}: ends one of them. */
    endOwnSession: build.mutation<{ current: boolean }, SessionArgs>({
      query: ({ sessionId }) => ({ url: `api/v1/sessions/${sessionId}`, method: 'DELETE' }),
      transformResponse: dataOf<{ current: boolean }>,
      invalidatesTags: [SESSION_LIST],
    }),
    /** GET /api/v1/two-factor: on or off, required by a role, recovery codes left. */
    getTwoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => 'api/v1/two-factor',
      transformResponse: dataOf<TwoFactorStatus>,
      providesTags: [TWO_FACTOR],
    }),
    /**
     * After the current password, a new secret to scan, shown once (the QR code as SVG, the
     * otpauth URI, the secret).
     */
    startTwoFactorEnrolment: build.mutation<TwoFactorEnrolment, TwoFactorEnrolmentRequest>({
      query: (body) => ({ url: 'api/v1/two-factor/enrolment', method: 'POST', body }),
      transformResponse: dataOf<TwoFactorEnrolment>,
    }),
    /** A first code turns it on; the answer's recovery codes are shown once. */
    confirmTwoFactorEnrolment: build.mutation<RecoveryCodes, SecondFactorCodeRequest>({
      query: (body) => ({ url: 'api/v1/two-factor/enrolment/confirm', method: 'POST', body }),
      transformResponse: dataOf<RecoveryCodes>,
      invalidatesTags: (result) => (result ? [TWO_FACTOR] : []),
    }),
    /** New recovery codes after a code; the old ones stop working. */
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, SecondFactorCodeRequest>({
      query: (body) => ({ url: 'api/v1/two-factor/recovery-codes', method: 'POST', body }),
      transformResponse: dataOf<RecoveryCodes>,
      invalidatesTags: (result) => (result ? [TWO_FACTOR] : []),
    }),
    /** Turns it off after a code (409 when a role requires it). */
    disableTwoFactor: build.mutation<{ ok: boolean }, SecondFactorCodeRequest>({
      query: (body) => ({ url: 'api/v1/two-factor/disable', method: 'POST', body }),
      transformResponse: dataOf<{ ok: boolean }>,
      invalidatesTags: (result) => (result ? [TWO_FACTOR] : []),
    }),
    /**
     * POST /api/v1/reauthentication: the password, and a code of the authenticator app or a
     * recovery code when two-factor sign-in is on, before a security action the server refused
     * with `reauthentication_required` (decision 0019). 400 `wrong_current_password` or
     * `two_factor_code_invalid`, 429 `too_many_attempts`; their detail is the text to show.
     */
    reauthenticate: build.mutation<Reauthenticated, ReauthenticationRequest>({
      query: (body) => ({ url: 'api/v1/reauthentication', method: 'POST', body }),
      transformResponse: dataOf<Reauthenticated>,
    }),
    /** GET /api/v1/password-reset/{token}: whose link it is; 410 when expired or used. */
    getPasswordLink: build.query<PasswordLinkOwner, PasswordLinkArgs>({
      query: ({ token }) => `api/v1/password-reset/${encodeURIComponent(token)}`,
      extraOptions: { public: true },
      transformResponse: dataOf<PasswordLinkOwner>,
    }),
    /** POST /api/v1/password-reset/{token}: sets the password; every session of the user ends. */
    setPasswordWithLink: build.mutation<
      { ok: boolean },
      PasswordLinkArgs & SetPasswordWithLinkRequest
    >({
      query: ({ token, ...body }) => ({
        url: `api/v1/password-reset/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
      extraOptions: { public: true },
      transformResponse: dataOf<{ ok: boolean }>,
    }),
  }),
});

export const {
  useGetTwoFactorStatusQuery,
  useStartTwoFactorEnrolmentMutation,
  useConfirmTwoFactorEnrolmentMutation,
  useRegenerateRecoveryCodesMutation,
  useDisableTwoFactorMutation,
  useGetOwnSessionsQuery,
  useEndOwnSessionMutation,
  useReauthenticateMutation,
  useGetPasswordLinkQuery,
  useSetPasswordWithLinkMutation,
} = securityApi;
