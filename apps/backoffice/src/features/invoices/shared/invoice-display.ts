import { formatAmount } from '@paygate/domain';

/** SPEC §2: the route of one invoice's details screen. */
export const invoiceDetailsPath = (invoiceId: string): string =>
  `/invoices/${encodeURIComponent(invoiceId)}`;

/** An invoice's currency as the API sends it: both fields may be missing. */
export interface InvoiceCurrencyLike {
  code?: string;
  dimension?: number;
}

/**
 * SPEC §5 amount display of invoice minor units with the currency code ("1500.50 UZS"). A
 * missing dimension counts as 0 (shown as is); bad data (a fraction, an impossible dimension)
 * falls back to the raw number rather than breaking the screen.
 */
export const invoiceAmountText = (amount: number, currency: InvoiceCurrencyLike = {}): string => {
  try {
    return formatAmount(amount, { dimension: currency.dimension ?? 0, code: currency.code });
  } catch {
    return currency.code ? `${amount} ${currency.code}` : String(amount);
  }
};
