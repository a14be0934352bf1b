import { ToastProvider } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PendingSignOut } from '../features/session/pending-sign-out.tsx';
import type { AppStore } from './store.ts';

/**
 * Everything a screen needs around it: the store and the toasts (SPEC §9: top-right, 5 s), and
 * the completion of a sign-out the server has not confirmed yet (decision 0010).
 */
export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <PendingSignOut />
    <ToastProvider>{children}</ToastProvider>
  </Provider>
);
