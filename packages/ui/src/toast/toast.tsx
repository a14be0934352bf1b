import { TOAST_AUTO_HIDE_MS } from '@paygate/domain';
import {
  type OptionsObject,
  type SnackbarKey,
  type SnackbarMessage,
  SnackbarProvider,
  useSnackbar,
} from 'notistack';
import { type ReactNode, useMemo } from 'react';
import '../theme/theme.css';
import './toast.css';

export interface ToastProviderProps {
  children: ReactNode;
  /** Toasts shown at once; 3 by default. */
  maxSnack?: number;
  /** Milliseconds before a toast closes; TOAST_AUTO_HIDE_MS (5000, SPEC §9) by default. */
  autoHideDuration?: number;
  /** Accessible name of each toast's close button; 'Close' unless translated. */
  closeLabel?: string;
}

/** SPEC §9: toasts show in the top-right corner. */
const TOAST_POSITION = { vertical: 'top', horizontal: 'right' } as const;

const ToastCloseButton = ({ id, label }: { id: SnackbarKey; label: string }) => {
  const { closeSnackbar } = useSnackbar();
  return (
    <button
      type="button"
      className="pg-toast__close"
      aria-label={label}
      onClick={() => closeSnackbar(id)}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
};

/**
 * Shows the toasts of `useToast` in the top-right corner (SPEC §9) for 5000 ms each, paused while
 * hovered; each toast is a role="alert" element, so screen readers announce it. Wrap the app once.
 */
export const ToastProvider = ({
  children,
  maxSnack = 3,
  autoHideDuration = TOAST_AUTO_HIDE_MS,
  closeLabel = 'Close',
}: ToastProviderProps) => (
  <SnackbarProvider
    anchorOrigin={TOAST_POSITION}
    autoHideDuration={autoHideDuration}
    maxSnack={maxSnack}
    classes={{
      containerRoot: 'pg-toasts',
      containerAnchorOriginTopRight: 'pg-toasts--top-right',
    }}
    action={(id) => <ToastCloseButton id={id} label={closeLabel} />}
  >
    {children}
  </SnackbarProvider>
);

/** Extra notistack options of one toast (e.g. `persist`, `preventDuplicate`). */
export type ToastOptions = Omit<OptionsObject, 'variant'>;

export interface Toast {
  success: (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;
  error: (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;
  info: (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;
  warning: (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;
  /** Closes one toast, or all of them without a key. */
  close: (key?: SnackbarKey) => void;
}

/** Shows toasts by variant; needs a ToastProvider above. The returned object is stable. */
export const useToast = (): Toast => {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message, options) => enqueueSnackbar(message, { ...options, variant: 'success' }),
      error: (message, options) => enqueueSnackbar(message, { ...options, variant: 'error' }),
      info: (message, options) => enqueueSnackbar(message, { ...options, variant: 'info' }),
      warning: (message, options) => enqueueSnackbar(message, { ...options, variant: 'warning' }),
      close: closeSnackbar,
    }),
    [enqueueSnackbar, closeSnackbar],
  );
};
