import {
  matchesWithdrawalPhoneRule,
  normaliseWithdrawalPhone,
  REFERENCE_HEADER_IDS,
  withdrawalPhoneRuleOf,
  withdrawalPhoneRuleText,
} from '@paygate/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currencies, paymentMethods, peopleAccounts, referenceItems } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { InsufficientBalanceError } from '../balances/merchant-balance-repository.ts';
import {
  CUSTOMER_EVENT_CODES,
  declineInvoice,
  markCustomerPaid,
  recordCustomerChoice,
  sendToProvider,
} from '../invoices/invoice-status-service.ts';
import {
  type FormIdParams,
  type FormInvoice,
  findFormInvoice,
  formIdParams,
  lockFormInvoice,
  PAYMENT_FORM_MESSAGES,
  requireActionableForm,
} from './form-invoice.ts';
import { formStatusReader } from './form-status-reader.ts';
import { assignDepositRequisites, NO_ACCOUNT_ERROR } from './requisite-assignment.ts';
import { isValidSupportCode, verificationKeyOf } from './verification-key.ts';

const errorResponses = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
} as const;

const nullableString = { type: ['string', 'null'] } as const;

const credentialsSchema = {
  type: ['object', 'null'],
  required: ['value', 'owner', 'country_code', 'bank_name', 'type'],
  properties: {
    value: { type: 'string' },
    owner: { type: 'string' },
    country_code: nullableString,
    bank_name: { type: 'string' },
    type: { type: 'string', enum: ['card', 'by_mobile'] },
  },
} as const;

const formDataSchema = {
  type: 'object',
  required: [
    'invoiceId',
    'type',
    'status',
    'amount',
    'currencyInfo',
    'methods',
    'canChangeAmount',
    'expiredIn',
    'successUrl',
    'cancelUrl',
    'errorUrl',
    'paymentMethodName',
    'credentials',
    'verficationKey',
    'customerMarkedPaid',
  ],
  properties: {
    invoiceId: { type: 'string' },
    type: { type: 'string', enum: ['deposit', 'withdrawal'] },
    status: { type: 'string' },
    amount: { type: 'integer' },
    currencyInfo: {
      type: 'object',
      required: ['id', 'code', 'name', 'dimension', 'minValue', 'maxValue'],
      properties: {
        id: { type: 'integer' },
        code: { type: 'string' },
        name: { type: 'string' },
        dimension: { type: 'integer' },
        minValue: { type: 'integer' },
        maxValue: { type: 'integer' },
      },
    },
    methods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'code', 'minAmount', 'maxAmount'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          code: { type: 'string' },
          minAmount: { type: 'integer' },
          maxAmount: { type: 'integer' },
        },
      },
    },
    canChangeAmount: { type: 'boolean' },
    expiredIn: { type: 'string', format: 'date-time' },
    successUrl: nullableString,
    cancelUrl: nullableString,
    errorUrl: nullableString,
    paymentMethodName: nullableString,
    credentials: credentialsSchema,
    verficationKey: { type: 'string' },
    customerMarkedPaid: {
      type: 'boolean',
      description: 'A deposit the customer has said they paid: the form resumes at Processing.',
    },
  },
} as const;

/**
 * The most a customer may ask to be paid out: what the merchant authorised (its explicit maximum,
 * else the created amount). Null for deposits, which have no such cap.
 */
const payoutCapOf = (invoice: FormInvoice): bigint | null =>
  invoice.flowType === 'WITHDRAWAL' ? (invoice.maxAmount ?? invoice.amount) : null;

const lowerOf = (a: bigint, b: bigint | null) => (b !== null && b < a ? b : a);

/** The hosted payment form's calls (SPEC §7 "Payment form"); public, addressed by form id. */
export const paymentFormRoutes = async (
  app: FastifyInstance,
  { db, verificationSecret }: { db: Database; verificationSecret: string },
) => {
  const methodsOfCurrency = (currencyId: number) =>
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.currencyId, currencyId), eq(paymentMethods.enabled, true)))
      .orderBy(asc(paymentMethods.id));

  /** The requisites the customer pays to, once an account is assigned (deposits only). */
  const credentialsOf = async (invoice: FormInvoice) => {
    if (invoice.flowType !== 'DEPOSIT' || invoice.peopleAccountId === null) return null;
    if (!invoice.credentialValue) return null;
    const [row] = await db
      .select({
        bankName: peopleAccounts.bankName,
        owner: peopleAccounts.ownerName,
        countryCode: peopleAccounts.countryCode,
        requisiteKind: paymentMethods.requisiteKind,
      })
      .from(peopleAccounts)
      .innerJoin(paymentMethods, eq(paymentMethods.id, peopleAccounts.paymentMethodId))
      .where(eq(peopleAccounts.id, invoice.peopleAccountId));
    if (!row) return null;
    return {
      value: invoice.credentialValue,
      owner: row.owner,
      country_code: row.countryCode,
      bank_name: row.bankName,
      type: row.requisiteKind === 'card' ? ('card' as const) : ('by_mobile' as const),
    };
  };

  const presentForm = async (invoice: FormInvoice) => {
    const [currency] = await db
      .select()
      .from(currencies)
      .where(eq(currencies.id, invoice.currencyId));
    if (!currency) throw new Error(`invoice ${invoice.id} has no currency`);
    const methods = await methodsOfCurrency(invoice.currencyId);
    const chosen = methods.find((method) => method.id === invoice.paymentMethodId);
    return {
      invoiceId: invoice.id,
      type: invoice.flowType === 'DEPOSIT' ? ('deposit' as const) : ('withdrawal' as const),
      status: invoice.status,
      amount: minorUnitsJson(invoice.amount),
      currencyInfo: {
        id: currency.id,
        code: currency.code.trim(),
        name: currency.name,
        dimension: currency.dimension,
        minValue: minorUnitsJson(currency.minValue),
        maxValue: minorUnitsJson(currency.maxValue),
      },
      methods: methods.map((method) => ({
        id: method.id,
        name: method.name,
        code: method.code,
        minAmount: minorUnitsJson(method.minAmount),
        maxAmount: minorUnitsJson(lowerOf(method.maxAmount, payoutCapOf(invoice))),
      })),
      canChangeAmount: invoice.canChangeAmount,
      expiredIn: invoice.expiresAt.toISOString(),
      successUrl: invoice.successUrl,
      cancelUrl: invoice.cancelUrl,
      errorUrl: invoice.errorUrl,
      paymentMethodName: chosen?.name ?? null,
      credentials: await credentialsOf(invoice),
      verficationKey: verificationKeyOf(verificationSecret, invoice.formId),
      customerMarkedPaid: invoice.customerMarkedPaidAt !== null,
    };
  };

  app.post<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/init',
    {
      schema: {
        tags: ['payment form'],
        summary: 'Everything the form shows, and the key for the credential call',
        params: formIdParams,
        response: { 200: dataEnvelope(formDataSchema), ...errorResponses },
      },
    },
    async (request) => {
      const invoice = requireActionableForm(await findFormInvoice(db, request.params.formId));
      return { data: await presentForm(invoice) };
    },
  );

  app.post<{
    Params: FormIdParams;
    Body: { amount: number; formId: string; paymentMethodId: number; supportCode: string };
  }>(
    '/api/payments/form/:formId/credential',
    {
      schema: {
        tags: ['payment form'],
        summary: 'Choose method and amount; a deposit gets the requisites to pay to',
        body: {
          type: 'object',
          required: ['amount', 'paymentMethodId', 'supportCode'],
          properties: {
            amount: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            formId: { type: 'string', maxLength: 64 },
            paymentMethodId: recordIdSchema,
            supportCode: { type: 'string', maxLength: 128 },
          },
        },
        params: formIdParams,
        response: { 200: dataEnvelope(formDataSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { formId } = request.params;
      const { paymentMethodId, supportCode } = request.body;
      if (request.body.formId !== undefined && request.body.formId !== formId) {
        throw badRequest('formId does not match the address');
      }
      if (!(await isValidSupportCode(verificationSecret, formId, supportCode))) {
        throw forbidden('Invalid support code');
      }
      let invoice = requireActionableForm(await findFormInvoice(db, formId));
      const amount = BigInt(request.body.amount);

      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, paymentMethodId));
      if (!method?.enabled || method.currencyId !== invoice.currencyId) {
        throw badRequest('This payment method is not available for this payment');
      }

      // A repeated call (the form retries a deposit answer without requisites) gets the same answer.
      if (invoice.status !== 'NEW') {
        if (invoice.paymentMethodId === method.id) return { data: await presentForm(invoice) };
        throw conflict('A payment method has already been chosen');
      }

      if (!invoice.canChangeAmount && amount !== invoice.amount) {
        throw badRequest('The amount of this payment cannot be changed');
      }
      const [currency] = await db
        .select()
        .from(currencies)
        .where(eq(currencies.id, invoice.currencyId));
      const low =
        currency && currency.minValue > method.minAmount ? currency.minValue : method.minAmount;
      // A payout never exceeds what the merchant authorised, whatever the customer asks for.
      const high = lowerOf(
        currency && currency.maxValue < method.maxAmount ? currency.maxValue : method.maxAmount,
        payoutCapOf(invoice),
      );
      if (amount < low || amount > high) {
        throw badRequest(`Amount must be between ${low} and ${high} (minor units)`);
      }

      if (invoice.flowType === 'DEPOSIT') {
        const result = await assignDepositRequisites(db, invoice.id, method, amount);
        if (result.outcome === 'declined') throw conflict(NO_ACCOUNT_ERROR);
        invoice = result.invoice;
        if (result.outcome === 'already-decided') requireActionableForm(invoice);
      } else {
        invoice = await db.transaction(async (tx) => {
          const locked = await lockFormInvoice(tx, formId);
          requireActionableForm(locked);
          if (locked.status !== 'NEW') throw conflict('A payment method has already been chosen');
          return recordCustomerChoice(tx, locked, { amount, paymentMethodId: method.id });
        });
      }
      return { data: await presentForm(invoice) };
    },
  );

  app.post<{
    Params: FormIdParams;
    Body: { credential?: string; formId?: string; bankCodeInteger?: number };
  }>(
    '/api/payments/form/:formId/complete',
    {
      schema: {
        tags: ['payment form'],
        summary:
          'Deposit: the customer says they paid. Withdrawal: the phone (and bank) to pay out to',
        params: formIdParams,
        body: {
          type: 'object',
          properties: {
            credential: { type: 'string', maxLength: 64 },
            formId: { type: 'string', maxLength: 64 },
            bankCodeInteger: { type: 'integer', minimum: 1 },
          },
        },
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['successUrl'],
            properties: { successUrl: nullableString },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { formId } = request.params;
      if (request.body.formId !== undefined && request.body.formId !== formId) {
        throw badRequest('formId does not match the address');
      }
      const invoice = await db.transaction(async (tx) => {
        const locked = requireActionableForm(await lockFormInvoice(tx, formId));
        if (locked.flowType === 'DEPOSIT') {
          if (locked.status === 'NEW') throw conflict('Choose a payment method first');
          return markCustomerPaid(tx, locked, request.ip);
        }
        return requestWithdrawal(tx, locked, request.body, request.ip);
      });
      return { data: { successUrl: invoice.successUrl } };
    },
  );

  // The most frequent call of all (every open form polls it): concurrent polls share a query.
  const readFormStatus = formStatusReader(db);

  app.post<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/status',
    {
      schema: {
        tags: ['payment form'],
        summary: 'The payment status, polled by the form',
        params: formIdParams,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['status', 'invoiceId'],
            properties: { status: { type: 'string' }, invoiceId: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await readFormStatus(request.params.formId);
      if (!row) throw notFound(PAYMENT_FORM_MESSAGES.notFound);
      return { data: row };
    },
  );

  app.get<{ Params: FormIdParams }>(
    '/api/payments/form/:formId/banks/sbp',
    {
      schema: {
        tags: ['payment form'],
        summary: 'Banks of the fast payment system (reference list 205)',
        params: formIdParams,
        response: {
          200: dataEnvelope({
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'value', 'codeInteger'],
              properties: {
                id: { type: 'integer' },
                value: { type: 'string' },
                codeInteger: { type: 'integer' },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await findFormInvoice(db, request.params.formId);
      const banks = await sbpBanks(db);
      return { data: banks };
    },
  );
};

const sbpBanks = async (db: Database) => {
  const rows = await db
    .select({
      id: referenceItems.id,
      value: referenceItems.value,
      codeInteger: referenceItems.codeInteger,
    })
    .from(referenceItems)
    .where(eq(referenceItems.headerId, REFERENCE_HEADER_IDS.sbpBankName))
    .orderBy(asc(referenceItems.sortOrder));
  return rows.map((row) => ({ id: row.id, value: row.value, codeInteger: row.codeInteger ?? 0 }));
};

/**
 * Digits of a payout phone (no plus): the phone rule of the invoice's currency (SPEC §5, §9;
 * KGS +996, UZS +998, AZN +994 and 9 digits, RUB +7 and 10 digits starting with 9), the one the
 * payment form applies, answered in its words. A currency without a rule takes 9 to 15 digits.
 */
const payoutPhoneOf = (credential: string, currencyCode: string): string => {
  const digits = normaliseWithdrawalPhone(credential);
  if (!/^\d{9,15}$/.test(digits)) throw badRequest('Fill in the phone number');
  const rule = withdrawalPhoneRuleOf(currencyCode);
  if (rule && !matchesWithdrawalPhoneRule(digits, rule)) {
    throw badRequest(withdrawalPhoneRuleText(rule));
  }
  return digits;
};

export const INSUFFICIENT_BALANCE_DECLINE = 'insufficient merchant balance';

/**
 * A withdrawal's payout details are stored and the payout goes to the provider queue, with its
 * amount and fee reserved from the merchant's balance in the same transaction. A payout the
 * balance does not cover is declined instead: an error row, DECLINED, and the merchant's callback.
 * The same request again (a retry, a reload) answers as the first did and writes nothing.
 */
const requestWithdrawal = async (
  tx: Database,
  invoice: FormInvoice,
  body: { credential?: string; bankCodeInteger?: number },
  sourceIp: string,
): Promise<FormInvoice> => {
  if (invoice.paymentMethodId === null) throw conflict('Choose a payment method first');
  const [method] = await tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.id, invoice.paymentMethodId));
  const [currency] = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, invoice.currencyId));
  const phone = payoutPhoneOf(body.credential ?? '', currency?.code.trim() ?? '');
  const bankCodeInteger =
    method?.requisiteKind === 'sbp' ? await chosenSbpBank(tx, body.bankCodeInteger) : null;

  if (invoice.status !== 'NEW') {
    const sameRequest =
      invoice.credentialValue === phone && invoice.bankCodeInteger === bankCodeInteger;
    if (sameRequest) return invoice;
    throw conflict('The withdrawal has already been requested');
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

/** The SBP bank the customer chose, which must be one of reference list 205. */
const chosenSbpBank = async (tx: Database, bankCodeInteger: number | undefined) => {
  if (bankCodeInteger === undefined) throw badRequest('Choose the bank');
  const banks = await sbpBanks(tx);
  if (!banks.some((bank) => bank.codeInteger === bankCodeInteger)) {
    throw badRequest('Unknown bank');
  }
  return bankCodeInteger;
};
