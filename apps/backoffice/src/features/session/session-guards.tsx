import { useGetCurrentPersonQuery } from '@paygate/api';
import { Spinner } from '@paygate/ui';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { CurrentPersonProvider } from './current-person.tsx';
import { returnPathOf } from './return-path.ts';
import { signedOut } from './session-slice.ts';

/** Shown while the person, or a screen's code, is loading. */
export const FullPageLoading = () => (
  <div className="bo-full-page">
    <Spinner label="Loading" />
  </div>
);

/**
 * Screens for signed-in people (SPEC §2): the person comes from GET /api/v1/people/me; any
 * failure to load it signs the user out (SPEC §8) and leads to login, remembering where they were.
 */
export const RequireSession = () => {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const isSignedOut = useAppSelector((state) => state.session.signedOut);
  const { data: person, isError } = useGetCurrentPersonQuery(undefined, { skip: isSignedOut });

  useEffect(() => {
    if (isError) dispatch(signedOut());
  }, [dispatch, isError]);

  if (isSignedOut || isError) {
    return <Navigate to="/login" replace state={{ from: location }} />;
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
  const isSignedOut = useAppSelector((state) => state.session.signedOut);
  const { data: person, isLoading } = useGetCurrentPersonQuery(undefined, { skip: isSignedOut });
  if (!isSignedOut && person) return <Navigate to={returnPathOf(location.state)} replace />;
  if (!isSignedOut && isLoading) return <FullPageLoading />;
  return <Outlet />;
};
