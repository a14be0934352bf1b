import type {
  AccountCredential,
  PaymentMethodReference,
  PeopleAccount,
  PeopleAccountDetails,
} from '@paygate/api';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Test data of the accounts screens, shaped as the server answers (decision 0005). */

export const VIEW = ['people.account'];
export const EDIT = ['people.account', 'people.account.edit'];

export const UZS = { code: 'UZS', dimension: 2 };

export const accountRow = (overrides: Partial<PeopleAccount> = {}): PeopleAccount => ({
  id: 5,
  providerId: 2,
  providerName: 'Uzcard P2P',
  bankName: 'Kapitalbank',
  ownerName: 'Aziz Karimov',
  countryCode: 'UZ',
  paymentMethodId: 1,
  paymentMethodName: 'Humo',
  currency: UZS,
  enabled: true,
  createdDate: '2024-05-01T10:00:00.000Z',
  ...overrides,
});

export const CARD_TYPE = { id: 1031, code: 'CARD', value: 'Card number' };
export const PHONE_TYPE = { id: 1032, code: 'PHONE', value: 'Phone number' };
export const STRING_TYPE = { id: 1022, code: 'S', value: 'String' };

export const CARD_CREDENTIAL: AccountCredential = {
  id: 31,
  credentialType: CARD_TYPE,
  paramType: STRING_TYPE,
  value: '8600495312345670',
};

export const accountDetails = (
  overrides: Partial<PeopleAccountDetails> = {},
): PeopleAccountDetails => ({
  ...accountRow(),
  credentials: [CARD_CREDENTIAL],
  limits: null,
  ...overrides,
});

export const LIMITS = {
  peopleAccountId: 5,
  limit: 5_000_000,
  balance: 1_234_500,
  priority: 1,
  checkUniqueAmount: false,
};

/** Reference lists 103 (requisite types) and 102 (parameter types), by refHeaderId. */
const referenceLists: Record<string, unknown[]> = {
  '103': [CARD_TYPE, PHONE_TYPE].map(({ id, code, value }) => ({ id, code, value })),
  '102': [
    { id: 1021, code: 'I', value: 'Integer', paramType: 'I' },
    { id: 1022, code: 'S', value: 'String', paramType: 'S' },
    { id: 1023, code: 'C', value: 'Char', paramType: 'C' },
  ],
};

const referenceAnswer: FakeAnswer = (_request, url) => ({
  body: { data: referenceLists[url.searchParams.get('refHeaderId') ?? ''] ?? [] },
});

const paymentMethod = (
  overrides: Partial<PaymentMethodReference> & Pick<PaymentMethodReference, 'id' | 'code' | 'name'>,
): PaymentMethodReference => ({
  currency: { id: 101002, code: 'UZS', dimension: 2 },
  minAmount: 100_000,
  maxAmount: 2_000_000_000,
  requisiteKind: 'card',
  enabled: true,
  ...overrides,
});

const RUB = { id: 101004, code: 'RUB', dimension: 2 };

/** GET /api/v1/payment-method: every method, disabled ones too, by currency code then name. */
export const PAYMENT_METHODS: PaymentMethodReference[] = [
  paymentMethod({
    id: 3,
    code: 'SBERRUB',
    name: 'Sberbank',
    currency: RUB,
    minAmount: 10_000,
    maxAmount: 15_000_000,
  }),
  paymentMethod({ id: 4, code: 'TCSBRUB', name: 'Tinkoff', currency: RUB, enabled: false }),
  paymentMethod({ id: 1, code: 'HUMOUZS', name: 'Humo' }),
  paymentMethod({ id: 2, code: 'CARDUZS', name: 'Uzs' }),
];

export const page = (items: PeopleAccount[]) => ({
  data: { items, page: 0, size: 10, total: items.length },
});

/** A signed-in person with the permissions, and the account calls answering the test data. */
export const accountsApi = (permissions: string[], routes: Record<string, FakeAnswer> = {}) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    'GET /api/v1/people/account': {
      body: page([
        accountRow(),
        accountRow({
          id: 6,
          providerName: 'RU P2P network',
          bankName: 'Sberbank',
          paymentMethodId: 3,
          paymentMethodName: 'Sberbank',
          currency: { code: 'RUB', dimension: 2 },
          enabled: false,
        }),
      ]),
    },
    'GET /api/v1/people/account/5': { body: { data: accountDetails() } },
    'GET /api/router/v1/people/account/limit/5': { body: { data: LIMITS } },
    'GET /api/v1/people/account/5/amount-holds': { body: { data: [] } },
    'GET /api/v1/provider': {
      body: {
        data: [
          { id: 1, name: 'Sandbox provider', code: 'SANDBOX' },
          { id: 2, name: 'Uzcard P2P', code: 'UZCARD_P2P' },
        ],
      },
    },
    'GET /api/v1/reference': referenceAnswer,
    'GET /api/v1/payment-method': { body: { data: PAYMENT_METHODS } },
    ...routes,
  });
