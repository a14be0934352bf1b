/**
 * What the balances module offers other modules (decision 0018, "Boundaries"): moving a
 * merchant's balance inside the caller's transaction (`changeMerchantBalance`, decision 0017) and
 * the error it throws when a payout or settlement is not covered (`InsufficientBalanceError`);
 * a page of ledger rows and the fields its readers select from it (`ledgerPage`,
 * `balanceMovementFields`, decision 0029) and one
 * merchant's ledger newest first, a page at a time (`findBalanceMovementPage`: the merchant API's
 * balance transactions and the back office's balance movements), and what a ledger row's change
 * is as JSON for both (`ledgerChangeProperties`, `LEDGER_CHANGE_REQUIRED`, `presentLedgerChange`).
 */
export { balanceMovementFields, ledgerPage } from './balance-movement-fields.ts';
export {
  type BalanceMovementPageRow,
  findBalanceMovementPage,
} from './balance-movement-repository.ts';
export {
  LEDGER_CHANGE_REQUIRED,
  ledgerChangeProperties,
  presentLedgerChange,
} from './ledger-change-json.ts';
export { changeMerchantBalance, InsufficientBalanceError } from './merchant-balance-repository.ts';
