import { type Currency, useGetCurrenciesQuery } from '@paygate/api';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { RetryableQuery } from '../layout/load-state.tsx';

/** The URL parameter holding the balance's currency by its code: `?currency=UZS`. */
export const CURRENCY_PARAM = 'currency';

export interface CurrencyChoice {
  /** The currencies to choose from (the reference list, cached for the session). */
  currencies: RetryableQuery & {
    data?: readonly Currency[] | undefined;
    isLoading: boolean;
    isError: boolean;
  };
  /** The code the URL names, '' when none. */
  code: string;
  /** The currency of that code, once the list has it; undefined for none or an unknown code. */
  chosen: Currency | undefined;
  /** Chooses a currency by its code ('' for none), as a new history entry. */
  choose: (code: string) => void;
}

/**
 * The currency of the balance shown, kept in the URL by its code (not its id), so Back, a reload
 * and a shared link return to the same balance and the address says which one it is.
 */
export const useChosenCurrency = (): CurrencyChoice => {
  const [params, setParams] = useSearchParams();
  const currencies = useGetCurrenciesQuery();
  const code = params.get(CURRENCY_PARAM) ?? '';
  const chosen =
    code === '' ? undefined : currencies.data?.find((currency) => currency.code.trim() === code);
  const choose = useCallback(
    (next: string) =>
      setParams((current) => {
        const changed = new URLSearchParams(current);
        if (next === '') changed.delete(CURRENCY_PARAM);
        else changed.set(CURRENCY_PARAM, next);
        return changed;
      }),
    [setParams],
  );
  return { currencies, code, chosen, choose };
};
