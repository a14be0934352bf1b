import type { PeopleAccount } from '@paygate/api';
import type { SelectOption } from '@paygate/ui';

/** The server's largest page of accounts (GET /api/v1/people/account, size 1–200). */
export const ACCOUNT_PAGE_SIZE_MAX = 200;

/**
 * The payment methods the back office knows of. The API has no list of payment methods (only
 * the public payment form sees a form's methods), so the ones in use by accounts are offered:
 * distinct by id, named with their currency, in name order.
 */
export const knownPaymentMethodOptions = (
  accounts: readonly Pick<PeopleAccount, 'paymentMethodId' | 'paymentMethodName' | 'currency'>[],
): SelectOption[] => {
  const byId = new Map<number, SelectOption>();
  for (const account of accounts) {
    if (!byId.has(account.paymentMethodId)) {
      byId.set(account.paymentMethodId, {
        value: account.paymentMethodId,
        label: `${account.paymentMethodName} (${account.currency.code})`,
      });
    }
  }
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
};
