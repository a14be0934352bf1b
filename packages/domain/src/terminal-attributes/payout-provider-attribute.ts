/**
 * The terminal attribute (reference list 105) naming, by its code, the provider that pays the
 * terminal's withdrawals (docs/provider-api.md). A payout stays with the provider it was sent to:
 * each attempt records the value it was sent under (decision 0009, "Payout routing").
 */
export const PAYOUT_PROVIDER_ATTRIBUTE_CODE = 'PAYOUT_PROVIDER';
