import { useLogoutMutation } from '@paygate/api';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store.ts';
import { signedOut } from './session-slice.ts';

/**
 * Log out (SPEC §7): whatever the server answers, the user ends at login with the cache cleared
 * (the server's answer also expires the jwt cookie).
 */
export const useSignOut = () => {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // Signing out locally matters more than the server's answer.
    } finally {
      dispatch(signedOut());
      navigate('/login', { replace: true });
    }
  }, [dispatch, logout, navigate]);
  return { signOut, isSigningOut: isLoading };
};
