import type { Invoice } from '@paygate/api';
import { type AmountDisplayCurrency, formatCardNumber } from '@paygate/domain';
import { invoiceAmountText } from '../shared/invoice-display.ts';

/** Shown for a field the invoice has no value for. */
export const NO_VALUE = '-';

/** Text of an optional value: the value, or '-' when it is missing or blank. */
export const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? NO_VALUE : String(value);

/** The invoice currency for amount display and conversion (dimension 0 when the server omits it). */
export const currencyOf = (invoice: Invoice): Required<AmountDisplayCurrency> => ({
  code: invoice.currency.code ?? '',
  dimension: invoice.currency.dimension ?? 0,
});

/** SPEC §5 amount display with the currency code; a missing amount (fee) is 0. */
export const amountText = (minor: number | null | undefined, invoice: Invoice): string =>
  invoiceAmountText(minor ?? 0, invoice.currency);

/** SPEC §3 owner name: the customer's first and last name. */
export const ownerNameOf = (invoice: Invoice): string => {
  const people = invoice.customer.people;
  return orDash([people?.firstName, people?.lastName].filter(Boolean).join(' '));
};

/** 13 to 19 digits, maybe with spaces or dashes between them: a card number, not a phone. */
const CARD_NUMBER = /^\d(?:[\s-]?\d){12,18}$/;

/** SPEC §2: a card number in groups of four; any other credential (a phone number) as it is. */
export const credentialText = (value: string | null | undefined): string => {
  if (!value) return NO_VALUE;
  const trimmed = value.trim();
  return CARD_NUMBER.test(trimmed) ? formatCardNumber(trimmed) : orDash(trimmed);
};
