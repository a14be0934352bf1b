import { ToastProvider } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';

/** Everything a screen needs around it: the store and the toasts (SPEC §9: top-right, 5 s). */
export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ToastProvider>{children}</ToastProvider>
  </Provider>
);
