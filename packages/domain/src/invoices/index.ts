export * from './invoice-filters.ts';
export * from './payment-expiry.ts';
