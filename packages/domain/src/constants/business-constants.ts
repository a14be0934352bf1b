/**
 * Business constants and limits of SPEC §9. Every app and the server import them from here; the
 * sizes and places of SPEC §9 that only a screen uses (sidebar and settlement dialog widths, the
 * toast corner) live with the component that draws them.
 */

/** Page size used when a user with merchant.rw.all loads every merchant. */
export const MERCHANT_LIST_PAGE_SIZE = 50;

/** Items-per-page options of the invoice list pager, and the defaults. */
export const ITEMS_PER_PAGE_OPTIONS = [5, 10, 15, 25, 40] as const;
export const DEFAULT_ITEMS_PER_PAGE = 10;
/** The pager shows pages from 1; the API's page parameter is zero-based. */
export const DEFAULT_PAGE = 1;

/** Plus/minus step of the payment form amount, in minor units. */
export const AMOUNT_STEP_MINOR = 100_000;
/** Quick amounts offered on the payment form amount step, in minor units. */
export const QUICK_AMOUNTS_MINOR = [100_000, 1_000_000, 5_000_000, 10_000_000] as const;
/** The change-amount dialog accepts at most this many decimals. */
export const MAX_AMOUNT_DECIMALS = 2;

/** Withdrawal phone: +7 followed by 10 digits, the first of them 9. */
export const WITHDRAWAL_PHONE_DIGITS = 10;
export const WITHDRAWAL_PHONE_FIRST_DIGIT = '9';
/** A withdrawal credential shorter than this (after trim) is rejected with 'Fill in the phone number'. */
export const WITHDRAWAL_CREDENTIAL_MIN_LENGTH = 9;

/** Payment form timings, in milliseconds. */
export const PAYMENT_STATUS_POLL_MS = 5_000;
export const CREDENTIAL_RETRY_MS = 1_000;
export const BANK_SEARCH_DEBOUNCE_MS = 350;

/** Toasts close on their own after this long (their corner is @paygate/ui's). */
export const TOAST_AUTO_HIDE_MS = 5_000;

/** Monitoring refreshes its statistics every 60 s unless configured; 20 s when the setting is unusable. */
export const MONITORING_REFRESH_SECONDS = 60;
export const MONITORING_REFRESH_FALLBACK_SECONDS = 20;

/** Terminal and merchant names must have at least this many characters. */
export const NAME_MIN_LENGTH = 3;

export const SUPPORTED_LANGUAGES = ['en', 'ru', 'uz'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const FLOW_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** File name of the invoice list CSV download. */
export const INVOICES_CSV_FILE_NAME = 'Invoices.csv';

/** Codes of the supported currencies. */
export const CURRENCY_CODES = ['KGS', 'UZS', 'AZN', 'RUB'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Payment method names of SPEC §3. */
export const PAYMENT_METHOD_NAMES = [
  'Humo',
  'Uzs',
  'Tinkoff',
  'TinkoffXCountry',
  'Sberbank',
  'SberbankXCountry',
  'Sbp',
] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];
