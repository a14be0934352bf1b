import type { PaymentFormData } from '@paygate/api/payment-form';

/** The shop's addresses a payment's final screens lead to. */
export type ExitUrls = Pick<PaymentFormData, 'successUrl' | 'cancelUrl' | 'errorUrl'>;

const keyOf = (formId: string) => `paygate.exit-urls.${formId}`;

/**
 * Keeps a form's shop addresses for this tab once it has loaded: after the payment closes, init
 * no longer answers them, so a reload of the Success or Fail screen would otherwise say "go back
 * to the shop" with nowhere to go. Storage refused (private mode, full): nothing is kept.
 */
export const rememberExitUrls = (formId: string, { successUrl, cancelUrl, errorUrl }: ExitUrls) => {
  try {
    sessionStorage.setItem(keyOf(formId), JSON.stringify({ successUrl, cancelUrl, errorUrl }));
  } catch {
    // Not kept: the final screens then have no link, as before.
  }
};

const urlOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The addresses kept for this form in this tab, or null. */
export const rememberedExitUrls = (formId: string): ExitUrls | null => {
  try {
    const kept = sessionStorage.getItem(keyOf(formId));
    if (!kept) return null;
    const parsed = JSON.parse(kept) as Record<string, unknown>;
    return {
      successUrl: urlOrNull(parsed.successUrl),
      cancelUrl: urlOrNull(parsed.cancelUrl),
      errorUrl: urlOrNull(parsed.errorUrl),
    };
  } catch {
    return null;
  }
};
