import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ReloadButton } from '../features/payment/step-parts.tsx';
import { useT } from '../i18n/i18n.tsx';

/** What the customer sees instead of a blank page: the page stopped, the payment did not. */
const PageFailed = () => {
  const t = useT();
  return (
    <div className="pf-page">
      <main className="pf-card">
        <section className="pf-step pf-center">
          <h1>{t('form.header.fail')}</h1>
          <p className="pf-text" role="alert">
            {t('form.text.pageFailed')}
          </p>
          <ReloadButton>{t('form.button.reload')}</ReloadButton>
        </section>
      </main>
    </div>
  );
};

/**
 * Catches an error thrown while the form renders (a value it cannot show): without it React
 * removes the whole page and the customer, perhaps mid-payment, is left with a blank screen.
 * The payment itself lives on the server; a reload shows where it stands (decision 0026).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('payment form stopped rendering', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
