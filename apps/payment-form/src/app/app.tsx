import type { PaymentFormData } from '@paygate/api/payment-form';
import { PaymentFormPage } from '../features/payment/payment-form-page.tsx';
import { NotFoundScreen } from '../features/payment/steps/outcome-screens.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

const PAYMENT_PATH = /^\/payment\/([^/]+)\/?$/;

/**
 * SPEC §2: the form lives at /payment/:formId; anything else is not a payment. One route, so
 * no router (react-router would add about 28 KB gzip to the form).
 */
export const formIdOfPath = (pathname: string): string | null => {
  const encoded = PAYMENT_PATH.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
};

export interface AppProps {
  formId: string | null;
  formRequest?: Promise<PaymentFormData> | undefined;
}

export const App = ({ formId, formRequest }: AppProps) => (
  <PageErrorBoundary>
    {formId ? (
      <PaymentFormPage formId={formId} formRequest={formRequest} />
    ) : (
      <div className="pf-page">
        <main className="pf-card">
          <NotFoundScreen />
        </main>
      </div>
    )}
  </PageErrorBoundary>
);
