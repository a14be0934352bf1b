export * from './amount-stepper.ts';
export * from './change-amount-input.ts';
export * from './merchant-balance.ts';
export * from './minor-units.ts';
export * from './payment-amount-limits.ts';
export * from './percent-fee.ts';
