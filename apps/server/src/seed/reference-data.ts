import { REFERENCE_HEADER_IDS, type ReferenceListName } from '@paygate/domain';

/**
 * Reference data every installation has (SPEC §3): the reference lists by header id, the
 * currencies, payment methods and providers. Item ids are headerId * 1000 + position, so they
 * are stable across installations; a currency's id is its item id in list 101.
 */
export interface ReferenceItemSeed {
  value: string;
  code?: string;
  paramType?: 'I' | 'S' | 'C' | 'B' | 'N';
  codeInteger?: number;
}

export const referenceItemId = (headerId: number, position: number) => headerId * 1000 + position;

const HEADER_NAMES: Record<ReferenceListName, string> = {
  gender: 'Gender',
  eventType: 'Event type',
  currency: 'Currency',
  parameterType: 'Parameter type',
  requisiteType: 'Requisite type',
  contactType: 'Contact type',
  terminalAttributeType: 'Terminal attribute type',
  feeType: 'Fee type',
  ticketIssueType: 'Ticket issue type',
  notificationType: 'Notification type',
  paymentChannelType: 'Payment channel type',
  channelIntegrationType: 'Channel integration type',
  clientCohorts: 'Client cohorts',
  terminalPoolStatus: 'Terminal pool status',
  terminalPoolType: 'Terminal pool type',
  flowType: 'Flow type',
  paymentStatus: 'Payment status',
  transactionStatus: 'Transaction status',
  transactionType: 'Transaction type',
  ticketStatus: 'Ticket status',
  sbpBankName: 'SBP bank name',
};

const coded = (pairs: Array<[string, string]>): ReferenceItemSeed[] =>
  pairs.map(([code, value]) => ({ code, value }));

export const REFERENCE_LISTS: Record<ReferenceListName, ReferenceItemSeed[]> = {
  gender: coded([
    ['MALE', 'Male'],
    ['FEMALE', 'Female'],
  ]),
  eventType: coded([
    ['LOGIN_SUCCEEDED', 'Signed in'],
    ['LOGIN_FAILED', 'Failed sign-in'],
    ['STATUS_CHANGED', 'Status changed'],
    ['AMOUNT_CHANGED', 'Amount changed'],
    ['CALLBACK_SENT', 'Callback sent'],
    ['TICKET_DECIDED', 'Ticket decided'],
    // Appended, never inserted: item ids are positions.
    ['INVOICE_RETRIED', 'Withdrawal retried'],
    ['CALLBACK_REQUESTED', 'Manual callback requested'],
    ['TICKET_APPROVED', 'Ticket approved'],
    ['TICKET_REJECTED', 'Ticket rejected'],
    ['TICKET_OPENED', 'Ticket opened'],
    ['INVOICE_CREATED', 'Invoice created'],
    ['CUSTOMER_MARKED_PAID', 'Customer reported the transfer'],
    ['WITHDRAWAL_REQUESTED', 'Payout requested'],
  ]),
  currency: coded([
    ['KGS', 'Kyrgyz som'],
    ['UZS', 'Uzbek sum'],
    ['AZN', 'Azerbaijani manat'],
    ['RUB', 'Russian ruble'],
  ]),
  parameterType: [
    { code: 'I', value: 'Integer', paramType: 'I' },
    { code: 'S', value: 'String', paramType: 'S' },
    { code: 'C', value: 'Char', paramType: 'C' },
    { code: 'B', value: 'Boolean', paramType: 'B' },
    { code: 'N', value: 'Numeric', paramType: 'N' },
  ],
  requisiteType: coded([
    ['CARD', 'Card number'],
    ['PHONE', 'Phone number'],
  ]),
  contactType: coded([
    ['EMAIL', 'Email'],
    ['PHONE', 'Phone'],
    ['TELEGRAM', 'Telegram'],
  ]),
  terminalAttributeType: [
    { code: 'CALLBACK_TIMEOUT', value: 'Callback timeout, seconds', paramType: 'I' },
    { code: 'DISPLAY_NAME', value: 'Display name on the payment form', paramType: 'S' },
    { code: 'RECEIPT_MARK', value: 'Receipt mark', paramType: 'C' },
    { code: 'AUTO_CONFIRM', value: 'Confirm payments automatically', paramType: 'B' },
    { code: 'FEE_PERCENT', value: 'Fee, percent', paramType: 'N' },
    { code: 'PAYOUT_PROVIDER', value: 'Payout provider (provider code)', paramType: 'S' },
    // Success-rate alerts (issue 25, decision 0023); without them the defaults apply.
    { code: 'ALERT_SUCCESS_RATE_MIN', value: 'Alert below success rate, percent', paramType: 'I' },
    { code: 'ALERT_WINDOW_MINUTES', value: 'Alert window, minutes', paramType: 'I' },
    { code: 'ALERT_MIN_ATTEMPTS', value: 'Alert minimum attempts', paramType: 'I' },
  ],
  feeType: coded([
    ['PERCENT', 'Percent'],
    ['FIXED', 'Fixed'],
  ]),
  ticketIssueType: coded([
    ['NOT_RECEIVED', 'Payment not received'],
    ['WRONG_AMOUNT', 'Wrong amount'],
    ['DUPLICATE', 'Duplicate payment'],
  ]),
  notificationType: coded([
    ['EMAIL', 'Email'],
    ['TELEGRAM', 'Telegram'],
    ['WEBHOOK', 'Webhook'],
  ]),
  paymentChannelType: coded([
    ['CARD', 'Card'],
    ['MOBILE', 'Mobile'],
    ['SBP', 'Fast payment system'],
  ]),
  channelIntegrationType: coded([
    ['API', 'API'],
    ['MANUAL', 'Manual'],
  ]),
  clientCohorts: coded([
    ['NEW', 'New'],
    ['REGULAR', 'Regular'],
    ['VIP', 'VIP'],
  ]),
  terminalPoolStatus: coded([
    ['ACTIVE', 'Active'],
    ['INACTIVE', 'Inactive'],
  ]),
  terminalPoolType: coded([
    ['DEPOSIT', 'Deposit'],
    ['WITHDRAWAL', 'Withdrawal'],
    ['MIXED', 'Mixed'],
  ]),
  flowType: coded([
    ['DEPOSIT', 'DEPOSIT'],
    ['WITHDRAWAL', 'WITHDRAWAL'],
  ]),
  paymentStatus: coded([
    ['NEW', 'New'],
    ['IN_PROGRESS', 'In progress'],
    ['DONE', 'Done'],
    ['PAYED', 'Payed'],
    ['DECLINED', 'Declined'],
    ['CANCELED', 'Canceled'],
  ]),
  transactionStatus: coded([
    ['NEW', 'New'],
    ['SUCCESS', 'Success'],
    ['FAILED', 'Failed'],
  ]),
  transactionType: coded([
    ['DEPOSIT', 'Deposit'],
    ['WITHDRAWAL', 'Withdrawal'],
    ['SETTLEMENT', 'Settlement'],
  ]),
  ticketStatus: coded([
    ['NEW', 'New'],
    ['IN_WORK', 'In work'],
    ['PENDING', 'Pending'],
    ['SOLVED', 'Solved'],
    ['REJECTED', 'Rejected'],
  ]),
  // Participant ids of the Russian fast payment system (SBP) for the banks customers use most.
  sbpBankName: [
    { code: 'SBER', value: 'Sberbank', codeInteger: 100000000111 },
    { code: 'TBANK', value: 'T-Bank', codeInteger: 100000000004 },
    { code: 'ALFA', value: 'Alfa-Bank', codeInteger: 100000000008 },
    { code: 'VTB', value: 'VTB', codeInteger: 100000000005 },
    { code: 'GAZPROM', value: 'Gazprombank', codeInteger: 100000000001 },
    { code: 'RAIF', value: 'Raiffeisenbank', codeInteger: 100000000007 },
    { code: 'SOVCOM', value: 'Sovcombank', codeInteger: 100000000013 },
    { code: 'POCHTA', value: 'Pochta Bank', codeInteger: 100000000016 },
    { code: 'ROSBANK', value: 'Rosbank', codeInteger: 100000000012 },
    { code: 'MTS', value: 'MTS Bank', codeInteger: 100000000017 },
    { code: 'OZON', value: 'Ozon Bank', codeInteger: 100000000273 },
    { code: 'OTP', value: 'OTP Bank', codeInteger: 100000000018 },
  ],
};

export const REFERENCE_HEADERS = (Object.keys(REFERENCE_HEADER_IDS) as ReferenceListName[]).map(
  (name) => ({ id: REFERENCE_HEADER_IDS[name], name: HEADER_NAMES[name], listName: name }),
);

/** Currency limits in minor units (all four have two decimals). */
export const CURRENCY_SEEDS = [
  { code: 'KGS', name: 'Kyrgyz som', dimension: 2, minValue: 10_000n, maxValue: 50_000_000n },
  { code: 'UZS', name: 'Uzbek sum', dimension: 2, minValue: 100_000n, maxValue: 5_000_000_000n },
  { code: 'AZN', name: 'Azerbaijani manat', dimension: 2, minValue: 1_000n, maxValue: 1_000_000n },
  { code: 'RUB', name: 'Russian ruble', dimension: 2, minValue: 10_000n, maxValue: 30_000_000n },
] as const;

export const currencyId = (code: (typeof CURRENCY_SEEDS)[number]['code']) =>
  referenceItemId(
    REFERENCE_HEADER_IDS.currency,
    CURRENCY_SEEDS.findIndex((currency) => currency.code === code) + 1,
  );

/** The seven payment methods of SPEC §3 with their names, currencies and limits. */
export const PAYMENT_METHOD_SEEDS = [
  {
    code: 'HUMOUZS',
    name: 'Humo',
    currency: 'UZS',
    requisiteKind: 'card',
    minAmount: 100_000n,
    maxAmount: 2_000_000_000n,
  },
  {
    code: 'CARDUZS',
    name: 'Uzs',
    currency: 'UZS',
    requisiteKind: 'card',
    minAmount: 100_000n,
    maxAmount: 2_000_000_000n,
  },
  {
    code: 'SBERRUB',
    name: 'Sberbank',
    currency: 'RUB',
    requisiteKind: 'card',
    minAmount: 10_000n,
    maxAmount: 15_000_000n,
  },
  {
    code: 'TCSBRUB',
    name: 'Tinkoff',
    currency: 'RUB',
    requisiteKind: 'card',
    minAmount: 10_000n,
    maxAmount: 15_000_000n,
  },
  {
    code: 'SBPRUB',
    name: 'Sbp',
    currency: 'RUB',
    requisiteKind: 'sbp',
    minAmount: 10_000n,
    maxAmount: 10_000_000n,
  },
  {
    code: 'SBERRUB_X',
    name: 'SberbankXCountry',
    currency: 'RUB',
    requisiteKind: 'by_mobile',
    minAmount: 50_000n,
    maxAmount: 10_000_000n,
  },
  {
    code: 'TSCBRUB_X',
    name: 'TinkoffXCountry',
    currency: 'RUB',
    requisiteKind: 'by_mobile',
    minAmount: 50_000n,
    maxAmount: 10_000_000n,
  },
] as const;

export const PROVIDER_SEEDS = [
  { code: 'SANDBOX', name: 'Sandbox provider' },
  { code: 'UZCARD_P2P', name: 'Uzcard P2P' },
  { code: 'RU_P2P', name: 'RU P2P network' },
] as const;
