import { baseApi, sessionApi } from '@paygate/api';
import { useEffect } from 'react';
import { type AppDispatch, useAppDispatch, useAppSelector } from '../../app/store.ts';
import { readPendingSignOut } from './session-memory.ts';
import { pendingSignOutDropped, signOutCompleted } from './session-slice.ts';

/** Waits between attempts to complete a sign-out: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelayMs = (attempt: number): number => Math.min(1_000 * 2 ** attempt, 30_000);

/** Waits `ms`, or less: until the browser is back online, or the attempts are called off. */
const waitToRetry = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    signal.addEventListener('abort', done);
  });

/** The calls that open a session: the password, and the second factor's two ways (0019). */
const SIGN_IN_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'signInWithCode',
  'confirmSignInEnrolment',
]);

const runningMutations = (dispatch: AppDispatch, endpoints: ReadonlySet<string>) =>
  dispatch(baseApi.util.getRunningMutationsThunk()).filter((mutation) =>
    endpoints.has(mutation.arg.endpointName),
  );

/**
 * Waits for a logout call in flight. Login calls it first: a logout answered after the login
 * would clear the new session's cookie.
 */
export const settleSignOutInFlight = async (dispatch: AppDispatch): Promise<void> => {
  await Promise.allSettled(runningMutations(dispatch, new Set(['logout'])));
};

export interface CompleteSignOutOptions {
  dispatch: AppDispatch;
  /** Aborted when the sign-out is no longer pending (signed in, confirmed) or the app goes. */
  signal: AbortSignal;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Completes a pending sign-out (decision 0010): POST /api/v1/logout, which clears the jwt and
 * the marker cookie and revokes the session even for a dead token, tried again after each
 * failure (network down, 5xx, timeout) until the server confirms it. An attempt is skipped
 * while a sign-in call (password or second factor) is running, and the whole thing ends when another tab has completed the
 * sign-out or signed in (the remembered flag is gone).
 */
export const completePendingSignOut = async ({
  dispatch,
  signal,
  wait = waitToRetry,
}: CompleteSignOutOptions): Promise<void> => {
  for (let attempt = 0; ; attempt += 1) {
    // StrictMode's immediate clean-up (or an unmount) calls it off before anything is sent.
    await Promise.resolve();
    if (signal.aborted) return;
    if (readPendingSignOut() === false) {
      dispatch(pendingSignOutDropped());
      return;
    }
    if (runningMutations(dispatch, SIGN_IN_ENDPOINTS).length === 0) {
      const request = dispatch(sessionApi.endpoints.logout.initiate());
      const result = await request;
      request.reset();
      if (!('error' in result)) {
        dispatch(signOutCompleted());
        return;
      }
    }
    if (signal.aborted) return;
    await wait(retryDelayMs(attempt), signal);
  }
};

/**
 * Runs in the app frame: while a sign-out is pending — from a log out whose call failed, a
 * failed load of the person, or remembered from an earlier visit — it is completed before the
 * app asks the server about the session again (the session guards ask nothing meanwhile).
 */
export const PendingSignOut = () => {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((state) => state.session.pendingSignOut);
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    void completePendingSignOut({ dispatch, signal: controller.signal });
    return () => controller.abort();
  }, [dispatch, pending]);
  return null;
};
