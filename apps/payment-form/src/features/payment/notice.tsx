import { TOAST_AUTO_HIDE_MS } from '@paygate/domain';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';

interface NoticeState {
  text: string;
  /** A new id restarts the auto-hide timer when the same text is shown again. */
  id: number;
}

/**
 * The form's toasts (SPEC §5, §8: 'Choose the bank', 'Fill in the phone number'): top right,
 * gone after TOAST_AUTO_HIDE_MS. A tiny stand-in for @paygate/ui's ToastProvider, whose
 * notistack would weigh more than this whole form's own code.
 */
export const useNotice = () => {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TOAST_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback(
    (text: string) => setNotice((previous) => ({ text, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setNotice(null), []);
  return { notice, show, close };
};

/** Always in the page, so assistive technology announces each message as it appears. */
export const Notice = ({
  notice,
  onClose,
}: {
  notice: NoticeState | null;
  onClose: () => void;
}) => {
  const t = useT();
  return (
    <div className="pf-toasts" role="alert">
      {notice && (
        <div className="pf-toast" key={notice.id}>
          <span>{notice.text}</span>
          <button
            type="button"
            className="pf-toast__close pg-focusable"
            aria-label={t('form.button.close')}
            onClick={onClose}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
};
