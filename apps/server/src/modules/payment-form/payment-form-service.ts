import {
  hasSandboxRequisite,
  isWithinPaymentAmountLimits,
  paymentAmountLimits,
  SANDBOX_BANK_NAME,
  SANDBOX_REQUISITE_OWNER,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, notFoundError, stateConflict } from '../../service-errors.ts';
import { markCustomerPaid, recordCustomerChoice } from '../invoices/invoices-entry.ts';
import {
  type FormInvoice,
  findFormInvoice,
  lockActionableFormInvoice,
  PAYMENT_FORM_MESSAGES,
  requireActionableForm,
  requireTerminalTakingPayments,
} from './form-invoice-service.ts';
import { type FormStatus, formStatusReader } from './form-status-reader.ts';
import {
  type Currency,
  enabledMethodsOfCurrency,
  findAccountRequisite,
  findCurrency,
  findPaymentMethod,
  type PaymentMethod,
} from './payment-form-repository.ts';
import {
  type PayoutDetails,
  requestWithdrawal,
  type SbpBank,
  sbpBanks,
} from './payout-request-service.ts';
import { assignDepositRequisites, NO_ACCOUNT_ERROR } from './requisite-assignment-service.ts';
import { isValidSupportCode, verificationKeyOf } from './verification-key.ts';

/**
 * The hosted payment form's rules (SPEC §7 "Payment form"): which form may still be acted on
 * (form-invoice-service.ts), the support-code check, the customer's choice of method and amount
 * with its requisite assignment (requisite-assignment-service.ts) and the payout request
 * (payout-request-service.ts). Every change of the invoice goes through the invoices module.
 */

/** The requisites the customer pays to (deposits, once an account is assigned). */
export interface FormRequisite {
  value: string;
  owner: string;
  countryCode: string | null;
  bankName: string;
  type: 'card' | 'by_mobile';
}

/** Everything the form shows (payment-form-presenter.ts). */
export interface FormView {
  invoice: FormInvoice;
  currency: Currency;
  /** The currency's enabled methods; a payout's maxAmount is capped at what may be paid out. */
  methods: PaymentMethod[];
  /** The method chosen for this payment (one of `methods`), null before. */
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  requisite: FormRequisite | null;
  /** The amount a deposit's requisites are reserved for, once they are (reservedAmountOf). */
  reservedAmount: bigint | null;
  verificationKey: string;
}

/**
 * The most a customer may ask to be paid out: what the merchant authorised (its explicit maximum,
 * else the created amount). Null for deposits, which have no such cap.
 */
const payoutCapOf = (invoice: FormInvoice): bigint | null =>
  invoice.flowType === 'WITHDRAWAL' ? (invoice.maxAmount ?? invoice.amount) : null;

const lowerOf = (a: bigint, b: bigint | null) => (b !== null && b < a ? b : a);

/**
 * Whether the customer's choice of method is settled: the invoice left NEW (a deposit got its
 * requisites, a withdrawal its payout request). A credential call then keeps it, whatever it asks.
 */
const isChoiceSettled = (invoice: Pick<FormInvoice, 'status'>): boolean => invoice.status !== 'NEW';

/**
 * Once a deposit has its requisites (it left NEW), they stay whatever the customer chooses next,
 * since the customer may already have paid to them: their amount can no longer change, and the
 * form shows it fixed after Back (decision 0011). Null before, and for withdrawals, whose amount
 * may change until the payout is requested.
 */
const reservedAmountOf = (invoice: FormInvoice): bigint | null =>
  invoice.flowType === 'DEPOSIT' && isChoiceSettled(invoice) ? invoice.amount : null;

/**
 * The requisites the customer pays to, once given (deposits only): an account's, or for a test
 * payment the sandbox's (packages/domain sandbox-requisites.ts), of the chosen `method`'s kind.
 */
const requisiteOf = async (
  db: Database,
  invoice: FormInvoice,
  method: Pick<PaymentMethod, 'requisiteKind'> | undefined,
): Promise<FormRequisite | null> => {
  if (invoice.flowType !== 'DEPOSIT' || !invoice.credentialValue) return null;
  const holder =
    invoice.peopleAccountId !== null
      ? await findAccountRequisite(db, invoice.peopleAccountId)
      : hasSandboxRequisite(invoice) && method
        ? {
            owner: SANDBOX_REQUISITE_OWNER,
            countryCode: null,
            bankName: SANDBOX_BANK_NAME,
            requisiteKind: method.requisiteKind,
          }
        : undefined;
  if (!holder) return null;
  return {
    value: invoice.credentialValue,
    owner: holder.owner,
    countryCode: holder.countryCode,
    bankName: holder.bankName,
    type: holder.requisiteKind === 'card' ? 'card' : 'by_mobile',
  };
};

const formViewOf = async (
  db: Database,
  verificationSecret: string,
  invoice: FormInvoice,
): Promise<FormView> => {
  const currency = await findCurrency(db, invoice.currencyId);
  if (!currency) throw new Error(`invoice ${invoice.id} has no currency`);
  const enabled = await enabledMethodsOfCurrency(db, invoice.currencyId);
  // A settled choice stays offered even if its method was disabled since: the requisites the
  // customer may have paid to are still theirs, and the form presets the method to show them.
  const settled =
    isChoiceSettled(invoice) &&
    invoice.paymentMethodId !== null &&
    !enabled.some((method) => method.id === invoice.paymentMethodId)
      ? await findPaymentMethod(db, invoice.paymentMethodId)
      : undefined;
  const methods = settled ? [...enabled, settled] : enabled;
  const chosen = methods.find((method) => method.id === invoice.paymentMethodId);
  const payoutCap = payoutCapOf(invoice);
  const offered = methods.map((method) => ({
    ...method,
    maxAmount: lowerOf(method.maxAmount, payoutCap),
  }));
  return {
    invoice,
    currency,
    // A fixed amount is offered only the methods that can take it (and the one already chosen):
    // the customer cannot change the amount to suit another, which would only be refused.
    methods: invoice.canChangeAmount
      ? offered
      : offered.filter(
          (method) =>
            method.id === invoice.paymentMethodId ||
            isWithinPaymentAmountLimits(invoice.amount, paymentAmountLimits(currency, method)),
        ),
    paymentMethodId: chosen?.id ?? null,
    paymentMethodName: chosen?.name ?? null,
    requisite: await requisiteOf(db, invoice, chosen),
    reservedAmount: reservedAmountOf(invoice),
    verificationKey: verificationKeyOf(verificationSecret, invoice.formId),
  };
};

/** What the form shows when it opens, while it can still be acted on. */
export const openForm = async (
  db: Database,
  verificationSecret: string,
  formId: string,
): Promise<FormView> => {
  const invoice = requireActionableForm(await findFormInvoice(db, formId));
  await requireTerminalTakingPayments(db, invoice);
  return formViewOf(db, verificationSecret, invoice);
};

/** A second choice once requisites are reserved: the reservation stays (decision 0011). */
const METHOD_ALREADY_CHOSEN = 'A payment method has already been chosen';

export interface CustomerMethodChoice {
  amount: bigint;
  paymentMethodId: number;
  supportCode: string;
}

/**
 * The customer chooses the method and amount: a deposit gets the requisites of an account that
 * can take it (or is declined when none can), a withdrawal waits for its payout details. The
 * support code proves the caller read the form's verification key. A repeated call (the form
 * retries a deposit answer without requisites) gets the same answer; so does the same method
 * with another amount once the requisites are reserved, its reservedAmount saying which amount
 * they are for.
 */
export const chooseMethod = async (
  db: Database,
  verificationSecret: string,
  formId: string,
  { amount, paymentMethodId, supportCode }: CustomerMethodChoice,
): Promise<FormView> => {
  if (!(await isValidSupportCode(verificationSecret, formId, supportCode))) {
    throw notAllowed('Invalid support code', 'invalid_support_code');
  }
  let invoice = requireActionableForm(await findFormInvoice(db, formId));
  await requireTerminalTakingPayments(db, invoice);

  // Before the method's own checks: a settled choice is answered as it stands, even when its
  // method was disabled since, and any other choice goes back to it.
  if (isChoiceSettled(invoice)) {
    if (invoice.paymentMethodId === paymentMethodId) {
      return formViewOf(db, verificationSecret, invoice);
    }
    throw stateConflict(METHOD_ALREADY_CHOSEN, 'payment_method_chosen');
  }

  const method = await findPaymentMethod(db, paymentMethodId);
  if (!method?.enabled || method.currencyId !== invoice.currencyId) {
    throw invalid('This payment method is not available for this payment');
  }

  if (!invoice.canChangeAmount && amount !== invoice.amount) {
    throw invalid('The amount of this payment cannot be changed');
  }
  const currency = await findCurrency(db, invoice.currencyId);
  // The form's rule (paymentAmountLimits); a payout never exceeds what the merchant authorised,
  // whatever the customer asks for.
  const limits = paymentAmountLimits(
    currency ?? { minValue: method.minAmount, maxValue: method.maxAmount },
    { minAmount: method.minAmount, maxAmount: lowerOf(method.maxAmount, payoutCapOf(invoice)) },
  );
  if (!isWithinPaymentAmountLimits(amount, limits)) {
    throw invalid(`Amount must be between ${limits.minValue} and ${limits.maxValue} (minor units)`);
  }

  if (invoice.flowType === 'DEPOSIT') {
    const result = await assignDepositRequisites(db, invoice, method, amount);
    if (result.outcome === 'declined') throw stateConflict(NO_ACCOUNT_ERROR);
    invoice = result.invoice;
    if (result.outcome === 'already-decided') requireActionableForm(invoice);
  } else {
    invoice = await db.transaction(async (tx) => {
      const locked = await lockActionableFormInvoice(tx, formId);
      if (isChoiceSettled(locked))
        throw stateConflict(METHOD_ALREADY_CHOSEN, 'payment_method_chosen');
      return recordCustomerChoice(tx, locked, { amount, paymentMethodId: method.id });
    });
  }
  return formViewOf(db, verificationSecret, invoice);
};

/**
 * The customer finishes: a deposit is marked paid ("I have paid"), a withdrawal gets its payout
 * details and goes to its provider (payout-request-service.ts). Returns the invoice as it is now.
 */
export const completeForm = async (
  db: Database,
  formId: string,
  details: PayoutDetails,
  sourceIp: string,
): Promise<FormInvoice> =>
  db.transaction(async (tx) => {
    const locked = await lockActionableFormInvoice(tx, formId);
    await requireTerminalTakingPayments(tx, locked);
    if (locked.flowType === 'DEPOSIT') {
      if (locked.status === 'NEW') throw stateConflict('Choose a payment method first');
      return markCustomerPaid(tx, locked, sourceIp);
    }
    return requestWithdrawal(tx, locked, details, sourceIp);
  });

/** The fast payment system's banks, for a form that exists. */
export const sbpBanksOfForm = async (db: Database, formId: string): Promise<SbpBank[]> => {
  await findFormInvoice(db, formId);
  return sbpBanks(db);
};

/**
 * The status of a form by its public id, the call every open form polls: concurrent lookups
 * share one query (form-status-reader.ts). A form that does not exist is not found.
 */
export const formStatusLookup = (db: Database) => {
  const readFormStatus = formStatusReader(db);
  return async (formId: string): Promise<FormStatus> => {
    const status = await readFormStatus(formId);
    if (!status) throw notFoundError(PAYMENT_FORM_MESSAGES.notFound);
    return status;
  };
};
