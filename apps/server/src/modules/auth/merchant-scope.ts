import { canLoadAllMerchants } from '@paygate/domain';
import { notFound } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';

/**
 * Which merchants a call may see: a list of ids, or every merchant. Merchant users are confined
 * to their own merchant whatever they ask for; holders of merchant.rw.all see every merchant, or
 * the one they chose (the optional merchantId query parameter).
 */
export type MerchantScope = { kind: 'all' } | { kind: 'merchants'; ids: number[] };

export const merchantScopeOf = (
  person: AuthenticatedPerson,
  requestedMerchantId?: number,
): MerchantScope => {
  if (canLoadAllMerchants(person)) {
    return requestedMerchantId === undefined
      ? { kind: 'all' }
      : { kind: 'merchants', ids: [requestedMerchantId] };
  }
  if (person.merchantId === null) return { kind: 'merchants', ids: [] };
  // Asking for another merchant's data looks exactly like asking for data that does not exist.
  if (requestedMerchantId !== undefined && requestedMerchantId !== person.merchantId) {
    throw notFound('Merchant not found');
  }
  return { kind: 'merchants', ids: [person.merchantId] };
};

export const scopeAllows = (scope: MerchantScope, merchantId: number): boolean =>
  scope.kind === 'all' || scope.ids.includes(merchantId);

/** The one merchant a call acts on: the chosen or own merchant; 404 when there is none. */
export const singleMerchantOf = (
  person: AuthenticatedPerson,
  requestedMerchantId?: number,
): number => {
  const scope = merchantScopeOf(person, requestedMerchantId);
  if (scope.kind === 'merchants' && scope.ids.length === 1 && scope.ids[0] !== undefined) {
    return scope.ids[0];
  }
  if (scope.kind === 'merchants' && scope.ids.length === 0) throw notFound('Merchant not found');
  throw notFound('Choose a merchant (merchantId)');
};

/** Query schema fragment of the optional merchant choice. */
export const merchantIdQueryProperty = {
  merchantId: {
    ...recordIdSchema,
    description:
      'For holders of merchant.rw.all: the merchant to act on. Ignored scope for others.',
  },
} as const;
