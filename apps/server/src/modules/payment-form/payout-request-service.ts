import {
  normaliseWithdrawalPhone,
  WITHDRAWAL_SUBMIT_MESSAGES,
  withdrawalPhoneProblemOf,
  withdrawalPhoneRuleText,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import { InsufficientBalanceError } from '../balances/balances-entry.ts';
import {
  CUSTOMER_EVENT_CODES,
  declineInvoice,
  recordCustomerChoice,
  sendToProvider,
} from '../invoices/invoices-entry.ts';
import type { FormInvoice } from './form-invoice-service.ts';
import {
  findCurrency,
  findPaymentMethod,
  type PaymentMethod,
  sbpBankItems,
} from './payment-form-repository.ts';

/** A withdrawal's payout details from the form: the phone (and bank) to pay out to. */

export interface PayoutDetails {
  credential?: string;
  bankCodeInteger?: number;
}

/**
 * A payout by a fast-payment (SBP) method also needs the customer's bank. The form data says so
 * for each method (`needsSbpBank`), so that the form asks exactly when this service requires it.
 */
export const needsSbpBank = (method: Pick<PaymentMethod, 'requisiteKind'>): boolean =>
  method.requisiteKind === 'sbp';

export interface SbpBank {
  id: number;
  value: string;
  codeInteger: number;
}

/** The lowest bank code a payout may name (the completion's schema refuses anything lower). */
export const LOWEST_SBP_BANK_CODE = 1;

/**
 * Banks of the fast payment system (reference list 205), in their list order. Only those with an
 * integer code a payout may name are offered: one without could be listed but never chosen.
 */
export const sbpBanks = async (db: Database): Promise<SbpBank[]> => {
  const rows = await sbpBankItems(db);
  return rows.flatMap(({ id, value, codeInteger }) =>
    codeInteger !== null && codeInteger >= LOWEST_SBP_BANK_CODE ? [{ id, value, codeInteger }] : [],
  );
};

/**
 * Digits of a payout phone (no plus), checked by the payment form's own rule
 * (`withdrawalPhoneProblemOf`: 9 to 15 digits, then the currency's rule of SPEC §5, §9; KGS
 * +996, UZS +998, AZN +994 and 9 digits, RUB +7 and 10 digits starting with 9), answered in its
 * words.
 */
const payoutPhoneOf = (credential: string, currencyCode: string): string => {
  const refusal = withdrawalPhoneProblemOf(credential, currencyCode);
  if (refusal?.problem === 'not-a-phone') throw invalid(WITHDRAWAL_SUBMIT_MESSAGES.shortPhone);
  if (refusal?.problem === 'off-rule') throw invalid(withdrawalPhoneRuleText(refusal.rule));
  return normaliseWithdrawalPhone(credential);
};

/** The SBP bank the customer chose, which must be one of reference list 205. */
const chosenSbpBank = async (tx: Database, bankCodeInteger: number | undefined) => {
  if (bankCodeInteger === undefined) throw invalid('Choose the bank');
  const banks = await sbpBanks(tx);
  if (!banks.some((bank) => bank.codeInteger === bankCodeInteger)) {
    throw invalid('Unknown bank');
  }
  return bankCodeInteger;
};

export const INSUFFICIENT_BALANCE_DECLINE = 'insufficient merchant balance';

/**
 * A withdrawal's payout details are stored and the payout goes to the provider queue, with its
 * amount and fee reserved from the merchant's balance in the same transaction. A payout the
 * balance does not cover is declined instead: an error row, DECLINED, and the merchant's callback.
 * The same request again (a retry, a reload) answers as the first did and writes nothing.
 * `invoice` is the locked invoice of the caller's transaction.
 */
export const requestWithdrawal = async (
  tx: Database,
  invoice: FormInvoice,
  details: PayoutDetails,
  sourceIp: string,
): Promise<FormInvoice> => {
  if (invoice.paymentMethodId === null) throw stateConflict('Choose a payment method first');
  const method = await findPaymentMethod(tx, invoice.paymentMethodId);
  const currency = await findCurrency(tx, invoice.currencyId);
  const phone = payoutPhoneOf(details.credential ?? '', currency?.code.trim() ?? '');
  const bankCodeInteger =
    method && needsSbpBank(method) ? await chosenSbpBank(tx, details.bankCodeInteger) : null;

  if (invoice.status !== 'NEW') {
    const sameRequest =
      invoice.credentialValue === phone && invoice.bankCodeInteger === bankCodeInteger;
    if (sameRequest) return invoice;
    throw stateConflict('The withdrawal has already been requested');
  }

  await recordCustomerChoice(tx, invoice, { credentialValue: phone, bankCodeInteger });
  await recordEvent(tx, {
    eventCode: CUSTOMER_EVENT_CODES.withdrawalRequested,
    description: `Payout requested to a phone ending ${phone.slice(-4)}`,
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp,
  });
  const requested = { ...invoice, credentialValue: phone, bankCodeInteger };
  const customer = { kind: 'customer', personId: null, sourceIp } as const;
  try {
    return await sendToProvider(tx, requested, customer);
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
    // Refused before anything of the status change was written: the payout is declined.
    return declineInvoice(tx, requested, customer, {
      error: error.message,
      reason: INSUFFICIENT_BALANCE_DECLINE,
    });
  }
};
