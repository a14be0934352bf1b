/**
 * What the merchant API module offers other modules (decision 0018, "Boundaries"): a new API
 * key pair (`newMerchantKeys`, `MerchantKeys`), made when a merchant or an API key is created.
 * The merchant API's routes and signature checks stay inside.
 */
export type { MerchantKeys } from './merchant-keys.ts';
export { newMerchantKeys } from './merchant-keys.ts';
