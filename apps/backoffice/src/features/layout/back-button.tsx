import { Button } from '@paygate/ui';
import { useLocation, useNavigate } from 'react-router';

/**
 * Whether the app itself has a page to go back to. The first page of a tab (opened from a
 * bookmark, a link or a new tab) has none: its location carries the router's initial key, and
 * in the browser its history entry is index 0 (react-router keeps `idx` in history.state; a
 * redirect that replaced it, like login's, stays at 0).
 */
const useHasAppHistory = (): boolean => {
  const location = useLocation();
  if (location.key === 'default') return false;
  const index = (globalThis.history?.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index > 0 : true;
};

/**
 * SPEC §2: a generic back button goes one step back in history unless a handler is given. With
 * no step back inside the app (decision 0010), it goes to `fallback`, the feature's list, rather
 * than leaving the app.
 */
export const BackButton = ({
  onBack,
  label = 'Back',
  fallback = '/invoices',
}: {
  onBack?: () => void;
  label?: string;
  /** Where to go when the app has no history to go back to; the invoice list by default. */
  fallback?: string;
}) => {
  const navigate = useNavigate();
  const hasAppHistory = useHasAppHistory();
  const goBack = () => (hasAppHistory ? navigate(-1) : navigate(fallback));
  return (
    <Button variant="secondary" onClick={onBack ?? goBack}>
      ← {label}
    </Button>
  );
};
