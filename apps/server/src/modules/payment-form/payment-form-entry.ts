/**
 * What the payment-form module offers the other server modules (decision 0018): the amounts a
 * people account holds from other payments (requisite assignment, decision 0008).
 */
export { amountHoldsOfAccount } from './requisite-assignment-service.ts';
