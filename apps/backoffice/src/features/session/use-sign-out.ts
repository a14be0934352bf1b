import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store.ts';
import { signOutRequested } from './session-slice.ts';

/**
 * Log out (SPEC §7): whatever the server answers, the user ends at login with the cache cleared
 * at once. The sign-out stays pending (remembered in the browser) until the server has answered
 * POST /api/v1/logout, which expires the jwt cookie: PendingSignOut sends it, and sends it again
 * until it succeeds, on this visit or the next (decision 0010).
 */
export const useSignOut = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOut = useCallback(() => {
    dispatch(signOutRequested({ byPerson: true }));
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
  return { signOut };
};
