/**
 * What the balances module offers other modules (decision 0018, "Boundaries"): moving a
 * merchant's balance inside the caller's transaction (`changeMerchantBalance`, decision 0017) and
 * the error it throws when a payout or settlement is not covered (`InsufficientBalanceError`);
 * and the fields of a ledger row its readers select (`balanceMovementFields`, decision 0029).
 */
export { balanceMovementFields } from './balance-movement-fields.ts';
export { changeMerchantBalance, InsufficientBalanceError } from './merchant-balance-repository.ts';
