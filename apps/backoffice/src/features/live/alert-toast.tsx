import type { Toast } from '@paygate/ui';
import type { AlertLiveEvent } from './live-events.ts';
import './alert-toast.css';

type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** An alert's severity as a toast variant: trouble stands out, a recovery reads as good news. */
const VARIANTS: Record<string, ToastVariant> = {
  error: 'error',
  warning: 'warning',
  success: 'success',
};

export const alertToastVariant = (severity: string): ToastVariant =>
  (Object.hasOwn(VARIANTS, severity) ? VARIANTS[severity] : undefined) ?? 'info';

/**
 * The toast's text: the notification's title on its own line, then its body (a space between
 * them, so the text reads as two phrases where it is read as one string).
 */
const AlertToastMessage = ({ title, body }: Pick<AlertLiveEvent, 'title' | 'body'>) => (
  <span className="bo-alert-toast">
    <strong className="bo-alert-toast__title">{title}</strong> {body}
  </span>
);

/**
 * Shows an alert opening or closing (alert.opened, alert.closed) as a toast of the signed-in
 * person: its title and body, by its severity. The Notifications screen keeps the entry, with
 * the link to the screen that fixes the cause.
 */
export const showAlertToast = (toast: Toast, alert: AlertLiveEvent): void => {
  toast[alertToastVariant(alert.severity)](
    <AlertToastMessage title={alert.title} body={alert.body} />,
  );
};
