import { AMOUNT_HOLDING_STATUSES, DEFAULT_ITEMS_PER_PAGE } from '@paygate/domain';
import { dateTimeSchema } from '../../http/date-time-schema.ts';
import { presenceCheckedRecordIdSchema, recordIdSchema } from '../../http/record-id.ts';
import { sharedSchema } from '../../http/shared-schemas.ts';

// JSON schemas of the people-account endpoints: responses, bodies and parameters.

const id = recordIdSchema;

export const accountIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

export const credentialIdParams = {
  type: 'object',
  required: ['id', 'credentialId'],
  properties: { id, credentialId: id },
} as const;

const currencySchema = {
  type: 'object',
  required: ['code', 'dimension'],
  properties: { code: { type: 'string' }, dimension: { type: 'integer' } },
} as const;

const referenceSchema = {
  type: 'object',
  required: ['id', 'code', 'value'],
  properties: {
    id: { type: 'integer' },
    code: { type: ['string', 'null'] },
    value: { type: 'string' },
  },
} as const;

export const credentialSchema = {
  type: 'object',
  required: ['id', 'credentialType', 'paramType', 'value'],
  properties: {
    id: { type: 'integer' },
    credentialType: { ...referenceSchema, description: 'Requisite type (reference list 103)' },
    paramType: { ...referenceSchema, description: 'Parameter type (reference list 102)' },
    value: { type: 'string' },
  },
} as const;

/** A credential (requisite) of a people account, named #/components/schemas/PeopleAccountCredential. */
export const credentialComponent = sharedSchema('PeopleAccountCredential', credentialSchema);

export const limitsSchema = {
  type: 'object',
  required: ['peopleAccountId', 'limit', 'balance', 'priority', 'checkUniqueAmount'],
  properties: {
    peopleAccountId: { type: 'integer' },
    limit: { type: 'integer', description: 'Total the account may take, in minor units' },
    balance: {
      type: 'integer',
      description: 'Taken by assigned invoices, in minor units; kept by the payment engine',
    },
    priority: { type: 'integer' },
    checkUniqueAmount: { type: 'boolean' },
  },
} as const;

/** An amount a people account holds from other payments (decision 0008). */
export const amountHoldSchema = {
  type: 'object',
  required: ['invoiceId', 'amount', 'status', 'statusDate', 'heldUntil'],
  properties: {
    invoiceId: { type: 'string', format: 'uuid' },
    amount: { type: 'integer', description: 'The amount held, in minor units' },
    status: { type: 'string', enum: [...AMOUNT_HOLDING_STATUSES] },
    statusDate: dateTimeSchema,
    heldUntil: {
      type: ['string', 'null'],
      format: 'date-time',
      description:
        'When an unpaid payment stops holding the amount; null while the payment waits for its money',
    },
  },
} as const;

/** The limits of a people account, named #/components/schemas/PeopleAccountLimits. */
export const limitsComponent = sharedSchema('PeopleAccountLimits', limitsSchema);

const accountProperties = {
  id: { type: 'integer' },
  providerId: { type: 'integer' },
  providerName: { type: 'string' },
  bankName: { type: 'string' },
  ownerName: { type: 'string' },
  countryCode: { type: ['string', 'null'] },
  paymentMethodId: { type: 'integer' },
  paymentMethodName: { type: 'string' },
  currency: currencySchema,
  enabled: { type: 'boolean' },
  createdDate: { type: 'string', format: 'date-time' },
} as const;

const accountRequired = [
  'id',
  'providerId',
  'providerName',
  'bankName',
  'ownerName',
  'countryCode',
  'paymentMethodId',
  'paymentMethodName',
  'currency',
  'enabled',
  'createdDate',
] as const;

export const accountListItemSchema = {
  type: 'object',
  required: accountRequired,
  properties: accountProperties,
} as const;

export const accountDetailsSchema = {
  type: 'object',
  required: [...accountRequired, 'credentials', 'limits'],
  properties: {
    ...accountProperties,
    credentials: { type: 'array', items: credentialComponent.ref },
    limits: {
      anyOf: [limitsComponent.ref, { type: 'null' }],
      description: 'Null until limits are set',
    },
  },
} as const;

/** A people account with its credentials and limits, named #/components/schemas/PeopleAccountDetails. */
export const accountDetailsComponent = sharedSchema('PeopleAccountDetails', accountDetailsSchema);

export const accountListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Bounded: a page past the end is empty, a huge one would be a database error.
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    size: { type: 'integer', minimum: 1, maximum: 200, default: DEFAULT_ITEMS_PER_PAGE },
    enabled: { type: 'boolean' },
    providerId: id,
    paymentMethodId: id,
  },
} as const;

export interface AccountListQuery {
  page: number;
  size: number;
  enabled?: boolean;
  providerId?: number;
  paymentMethodId?: number;
}

export const toggleBody = {
  type: 'object',
  required: ['enabled'],
  additionalProperties: false,
  properties: { enabled: { type: 'boolean' } },
} as const;

/**
 * Required-ness of provider, payment method and bank name is checked by the shared SPEC §5 rule
 * (packages/domain), so a missing field and the form's "Not selected" (null) both answer
 * 'Provider is required' rather than a validator message.
 */
export const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    providerId: presenceCheckedRecordIdSchema('Required'),
    paymentMethodId: presenceCheckedRecordIdSchema('Required'),
    bankName: { type: ['string', 'null'], maxLength: 1000, description: 'Required, ≤ 100' },
    ownerName: { type: ['string', 'null'], maxLength: 1000, description: '≤ 100 characters' },
    countryCode: {
      type: ['string', 'null'],
      maxLength: 10,
      description: 'ISO 3166-1 alpha-2',
    },
    enabled: { type: 'boolean', default: false, description: 'New accounts start disabled' },
  },
} as const;

export interface CreateBody {
  providerId?: number | null;
  paymentMethodId?: number | null;
  bankName?: string | null;
  ownerName?: string | null;
  countryCode?: string | null;
  enabled: boolean;
}

export const limitsBody = {
  type: 'object',
  required: ['limit', 'priority', 'checkUniqueAmount'],
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', description: 'Minor units, 0 to 2^53 − 1; a JSON integer' },
    priority: { type: 'integer', description: '0 to 2147483647' },
    checkUniqueAmount: { type: 'boolean' },
  },
} as const;

export interface LimitsBody {
  limit: number;
  priority: number;
  checkUniqueAmount: boolean;
}

/** As createBody: the SPEC §5 rule "type, param type, value required" gives the messages. */
export const credentialBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    credentialTypeId: presenceCheckedRecordIdSchema('Item of list 103; required'),
    paramTypeId: presenceCheckedRecordIdSchema('Item of list 102; required'),
    value: { type: ['string', 'null'], maxLength: 1000, description: 'Required, ≤ 100 trimmed' },
  },
} as const;

export interface CredentialBody {
  credentialTypeId?: number | null;
  paramTypeId?: number | null;
  value?: string | null;
}
