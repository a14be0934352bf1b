import { useGetCurrentPersonQuery } from '@paygate/api';
import { Spinner } from '@paygate/ui';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { CurrentPersonProvider } from './current-person.tsx';
import { returnPathOf } from './return-path.ts';
import { signOutRequested } from './session-slice.ts';

/** Shown while the person, or a screen's code, is loading. */
export const FullPageLoading = () => (
  <div className="bo-full-page">
    <Spinner label="Loading" />
  </div>
);

/**
 * The signed-in person (GET /api/v1/people/me, SPEC §7), asked only when a session may exist:
 * not while signed out, nor while a sign-out is pending, nor without the marker cookie
 * (session-slice initialSessionState). Any failure to load it signs the user out (SPEC §8),
 * on the server too (decision 0010).
 */
const useSessionPerson = () => {
  const dispatch = useAppDispatch();
  const isSignedOut = useAppSelector((state) => state.session.signedOut);
  const query = useGetCurrentPersonQuery(undefined, { skip: isSignedOut });
  const failed = !isSignedOut && query.isError;
  useEffect(() => {
    if (failed) dispatch(signOutRequested());
  }, [dispatch, failed]);
  return { isSignedOut: isSignedOut || failed, person: query.data, isLoading: query.isLoading };
};

/**
 * Screens for signed-in people (SPEC §2): without a session they lead to login, remembering
 * where the user was, unless they logged out themselves.
 */
export const RequireSession = () => {
  const location = useLocation();
  const { isSignedOut, person } = useSessionPerson();
  const loggedOut = useAppSelector((state) => state.session.loggedOut);
  if (isSignedOut) {
    return <Navigate to="/login" replace state={loggedOut ? null : { from: location }} />;
  }
  if (!person) return <FullPageLoading />;
  return (
    <CurrentPersonProvider value={person}>
      <Outlet />
    </CurrentPersonProvider>
  );
};

/**
 * Public screens (login) send an already signed-in person on (SPEC §2): to the screen that sent
 * them to login, else the invoice list.
 */
export const PublicOnly = () => {
  const location = useLocation();
  const { isSignedOut, person, isLoading } = useSessionPerson();
  if (!isSignedOut && person) return <Navigate to={returnPathOf(location.state)} replace />;
  if (!isSignedOut && isLoading) return <FullPageLoading />;
  return <Outlet />;
};
