import { isUuidText } from '@paygate/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The URL parameter holding the invoice whose movements alone are shown: `?invoice=<uuid>`. */
export const INVOICE_PARAM = 'invoice';

/**
 * The invoice id a person typed or pasted, as it is sent and kept in the URL: without the spaces
 * around it and in lower case (as the server prints ids); null when the server would refuse it.
 */
export const invoiceIdOf = (text: string): string | null => {
  const trimmed = text.trim();
  // The server's own rule for a uuid (GET /api/v1/balance/movements takes `format: 'uuid'`).
  return isUuidText(trimmed) ? trimmed.toLowerCase() : null;
};

export interface InvoiceFilter {
  /** The text the URL names, '' when no invoice is chosen (it may be no invoice id at all). */
  value: string;
  /** That text as an invoice id the server takes; undefined for none or an invalid one. */
  invoiceId: string | undefined;
  /** Whether the URL names something that is no invoice id (nothing is then asked). */
  invalid: boolean;
  /** Shows one invoice's movements ('' for every movement), as a new history entry. */
  apply: (invoiceId: string) => void;
}

/**
 * The invoice whose movements alone are shown, kept in the URL beside the currency, so Back, a
 * reload and a shared link return to the same view. Only ids the server takes are applied:
 * callers check them with invoiceIdOf first.
 */
export const useInvoiceFilter = (): InvoiceFilter => {
  const [params, setParams] = useSearchParams();
  const value = params.get(INVOICE_PARAM) ?? '';
  const invoiceId = value === '' ? undefined : (invoiceIdOf(value) ?? undefined);
  const apply = useCallback(
    (next: string) => {
      // The same filter again is no new history entry.
      if (next === value) return;
      setParams((current) => {
        const changed = new URLSearchParams(current);
        if (next === '') changed.delete(INVOICE_PARAM);
        else changed.set(INVOICE_PARAM, next);
        return changed;
      });
    },
    [setParams, value],
  );
  return { value, invoiceId, invalid: value !== '' && invoiceId === undefined, apply };
};
