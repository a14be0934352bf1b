import { SANDBOX_BANK_NAME, SANDBOX_REQUISITE_OWNER } from '@paygate/domain';
import type { PaymentMethod } from './payment-form-repository.ts';

/**
 * What the form shows a test payment given the sandbox's requisites of `method` (packages/domain
 * sandbox-requisites.ts): no account's, so no tester sends real money to a stranger.
 */
export const sandboxRequisiteOf = (
  method: Pick<PaymentMethod, 'requisiteKind'>,
  value: string,
) => ({
  value,
  owner: SANDBOX_REQUISITE_OWNER,
  countryCode: null,
  bankName: SANDBOX_BANK_NAME,
  type: method.requisiteKind === 'card' ? ('card' as const) : ('by_mobile' as const),
});
