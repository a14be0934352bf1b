import { errorResponseSchema } from '../../http/error-handler.ts';
import { sharedSchema } from '../../http/shared-schemas.ts';

/** JSON schemas of the payment form's calls. */

/** Form ids are base64url of at least 128 random bits; anything else is not a form. */
export const formIdParams = {
  type: 'object',
  required: ['formId'],
  properties: { formId: { type: 'string', pattern: '^[A-Za-z0-9_-]{22,64}$' } },
} as const;

export type FormIdParams = { formId: string };

/** Every form call is rate-limited per address (http/rate-limits.ts): 429 is one of its answers. */
export const errorResponses = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
} as const;

export const nullableString = { type: ['string', 'null'] } as const;

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

export const formDataSchema = {
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
    'paymentMethodId',
    'paymentMethodName',
    'credentials',
    'reservedAmount',
    'verficationKey',
    'customerMarkedPaid',
    'isTest',
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
        required: ['id', 'name', 'code', 'minAmount', 'maxAmount', 'needsSbpBank'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          code: { type: 'string' },
          minAmount: { type: 'integer' },
          maxAmount: { type: 'integer' },
          needsSbpBank: {
            type: 'boolean',
            description:
              "A payout by this method also needs the customer's bank, one of …/banks/sbp (a fast-payment method). Always false on a deposit's form.",
          },
        },
      },
    },
    canChangeAmount: { type: 'boolean' },
    expiredIn: { type: 'string', format: 'date-time' },
    successUrl: nullableString,
    cancelUrl: nullableString,
    errorUrl: nullableString,
    paymentMethodId: {
      type: ['integer', 'null'],
      description:
        "The method chosen for this payment, one of `methods` by its id (method names need not be unique); null before. paymentMethodName is that method's name.",
    },
    paymentMethodName: nullableString,
    credentials: credentialsSchema,
    reservedAmount: {
      type: ['integer', 'null'],
      description:
        'A deposit with requisites: the amount they are reserved for, which can no longer change (a credential call asking another amount is answered with this one). Null before, and for withdrawals.',
    },
    verficationKey: { type: 'string' },
    customerMarkedPaid: {
      type: 'boolean',
      description: 'A deposit the customer has said they paid: the form resumes at Processing.',
    },
    isTest: {
      type: 'boolean',
      description:
        'A test payment (its terminal is in test mode): settled by the sandbox, its requisites are the sandbox’s, and no money is to be sent. The form says so.',
    },
  },
} as const;

/** What the payment form shows, named #/components/schemas/PaymentForm. */
export const paymentFormComponent = sharedSchema('PaymentForm', formDataSchema);
