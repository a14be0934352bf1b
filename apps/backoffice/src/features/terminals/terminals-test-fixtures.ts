import type { FakeAnswer } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Every permission the Terminals screen looks at. */
export const ALL_TERMINAL_PERMISSIONS = [
  'terminal.create',
  'terminal.prod.change',
  'terminal.attr.read',
];

export const MERCHANT_ID = 3;

const UZS = { id: 2, code: 'UZS', dimension: 2 };
const RUB = { id: 4, code: 'RUB', dimension: 2 };

export const terminalRow = (id: number, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  paymentFlow: 'DEPOSIT',
  currency: UZS,
  isTest: true,
  enable: true,
  merchantId: MERCHANT_ID,
  terminalPoolId: null,
  ...overrides,
});

export const TERMINALS = [
  terminalRow(11, 'UZS deposits'),
  terminalRow(12, 'RUB Payouts', { paymentFlow: 'WITHDRAWAL', currency: RUB, isTest: false }),
  terminalRow(13, 'KGS Deposits Main'),
];

/** Reference list 105: one attribute type per parameter type (ids 501…506). */
export const ATTRIBUTE_TYPES = [
  { id: 501, value: 'Callback timeout, seconds', code: 'CALLBACK_TIMEOUT', paramType: 'I' },
  { id: 502, value: 'Display name', code: 'DISPLAY_NAME', paramType: 'S' },
  { id: 503, value: 'Receipt mark', code: 'RECEIPT_MARK', paramType: 'C' },
  { id: 504, value: 'Confirm automatically', code: 'AUTO_CONFIRM', paramType: 'B' },
  { id: 505, value: 'Fee, percent', code: 'FEE_PERCENT', paramType: 'N' },
  { id: 506, value: 'Payout provider', code: 'PAYOUT_PROVIDER', paramType: 'S' },
];

const attribute = (typeId: number, value: string) => {
  const type = ATTRIBUTE_TYPES.find(({ id }) => id === typeId);
  if (!type) throw new Error(`no attribute type ${typeId}`);
  return {
    id: typeId * 10,
    attributeId: typeId,
    value,
    attrType: { id: type.id, value: type.value, code: type.code },
    paramType: { code: type.paramType },
  };
};

/** Terminal 11 has an attribute of every type but Payout provider. */
export const ATTRIBUTES_OF_11 = [
  attribute(501, '30'),
  attribute(502, 'Shop'),
  attribute(503, '*'),
  attribute(504, 'true'),
  attribute(505, '1.5'),
];

export const FLOW_TYPES = [
  { id: 71, value: 'DEPOSIT', code: 'DEPOSIT' },
  { id: 72, value: 'WITHDRAWAL', code: 'WITHDRAWAL' },
];

export const CURRENCIES = [
  { id: 1, name: 'Kyrgyz som', code: 'KGS', dimension: 2, minValue: 100, maxValue: 10_000_000 },
  { id: 2, name: 'Uzbek sum', code: 'UZS', dimension: 2, minValue: 100, maxValue: 10_000_000 },
];

/** GET /api/v1/terminal/{id}: the list row, plus attributes when the person may read them. */
export const detailsOf = (
  terminal: ReturnType<typeof terminalRow>,
  attributes: unknown[] | undefined,
) => (attributes === undefined ? terminal : { ...terminal, attributes });

/** The routes the Terminals screen calls, answered as the server would for `permissions`. */
export const terminalRoutes = (
  permissions: string[],
  personOverrides: Record<string, unknown> = { merchantId: MERCHANT_ID },
): Record<string, FakeAnswer> => {
  const readsAttributes = permissions.includes('terminal.attr.read');
  return {
    'GET /api/v1/people/me': { body: { data: personWith(permissions, personOverrides) } },
    'GET /api/v1/terminal': { body: { data: TERMINALS } },
    ...Object.fromEntries(
      TERMINALS.map((terminal) => [
        `GET /api/v1/terminal/${terminal.id}`,
        {
          body: {
            data: detailsOf(
              terminal,
              readsAttributes ? (terminal.id === 11 ? ATTRIBUTES_OF_11 : []) : undefined,
            ),
          },
        },
      ]),
    ),
    'GET /api/v1/reference': (_request, url) => {
      const header = url.searchParams.get('refHeaderId');
      if (header === '105') return { body: { data: ATTRIBUTE_TYPES } };
      if (header === '200') return { body: { data: FLOW_TYPES } };
      return { status: 400, body: { message: `unexpected header ${header}` } };
    },
    'GET /api/v1/reference/currency': { body: { data: CURRENCIES } },
  };
};
