export * from './account-create.ts';
export * from './account-limits.ts';
export type { AccountFieldError, AccountValidation } from './account-validation.ts';
export * from './amount-holds.ts';
export * from './credential-value.ts';
