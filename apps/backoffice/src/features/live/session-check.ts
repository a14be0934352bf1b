import { httpStatusOf, securityApi } from '@paygate/api';
import type { AppDispatch } from '../../app/store.ts';

/**
 * The live stream's session check (live-event-client.ts `checkSession`): one call that needs the
 * session, asked of the server (never answered from the cache). A 401 goes through the base
 * query's handling like any other call's: `sessionExpired`, and the app signs out (which ends
 * the stream).
 *
 * The call is GET /api/v1/two-factor (the person's own two-factor status: small, and open to every
 * signed-in person), not the current person: a failed refetch of GET /api/v1/people/me signs the
 * user out whatever the failure (SPEC §8, session-guards.tsx), so a stream failing because the
 * server restarts would sign everyone out. Whether the server could not be reached is what the
 * answer tells the client: it checks again at its next failure.
 *
 * Resolves true when the server answered about the session (it holds, or it is gone and the app
 * signs out), false when it did not (no connection, a 5xx of a server that is restarting…).
 */
export const createSessionCheck = (dispatch: AppDispatch) => async (): Promise<boolean> => {
  const result = await dispatch(
    securityApi.endpoints.getTwoFactorStatus.initiate(undefined, {
      subscribe: false,
      forceRefetch: true,
    }),
  );
  if (!result.isError) return true;
  return httpStatusOf(result.error) === 401;
};
