export * from './alert-attributes.ts';
export * from './attribute-value.ts';
export * from './fee-percent-attribute.ts';
export * from './payout-provider-attribute.ts';
