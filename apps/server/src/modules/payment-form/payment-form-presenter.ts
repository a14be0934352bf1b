import { minorUnitsJson } from '../../http/money-json.ts';
import type { FormView } from './payment-form-service.ts';
import { needsSbpBank } from './payout-request-service.ts';

/** The form data of the init and credential answers (formDataSchema). */
export const presentForm = ({
  invoice,
  currency,
  methods,
  paymentMethodId,
  paymentMethodName,
  requisite,
  reservedAmount,
  verificationKey,
}: FormView) => ({
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
    maxAmount: minorUnitsJson(method.maxAmount),
    // Only a payout asks for the customer's bank; a deposit shows requisites to pay to.
    needsSbpBank: invoice.flowType !== 'DEPOSIT' && needsSbpBank(method),
  })),
  canChangeAmount: invoice.canChangeAmount,
  expiredIn: invoice.expiresAt.toISOString(),
  successUrl: invoice.successUrl,
  cancelUrl: invoice.cancelUrl,
  errorUrl: invoice.errorUrl,
  paymentMethodId,
  paymentMethodName,
  credentials:
    requisite === null
      ? null
      : {
          value: requisite.value,
          owner: requisite.owner,
          country_code: requisite.countryCode,
          bank_name: requisite.bankName,
          type: requisite.type,
        },
  reservedAmount: reservedAmount === null ? null : minorUnitsJson(reservedAmount),
  verficationKey: verificationKey,
  customerMarkedPaid: invoice.customerMarkedPaidAt !== null,
  isTest: invoice.isTestProcessing,
});
