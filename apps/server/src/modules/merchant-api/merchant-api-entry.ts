/**
 * What the merchant API module offers other modules (decision 0018, "Boundaries"): a new
 * merchant's key pair (`newMerchantKeys`), made when the back office creates a merchant. The
 * merchant API's routes, signature checks and idempotency stay inside.
 */
export { newMerchantKeys } from './merchant-keys.ts';
