import type { BalanceMovement } from '@paygate/api';
import { formatMinorUnits } from '@paygate/domain';

/** Texts of the Balance movements screen (decision 0029). */
export const BALANCE_MOVEMENT_TEXTS = {
  title: 'Balance movements',
  intro:
    'Every change of one balance, newest first: what caused it, by how much, and the balance right after it. The Balance statement report downloads the same rows for a period.',
  noAccess: 'Balance movements need the report.read.balance permission.',
  loadingMerchants: 'Loading the merchants',
  noMerchant: 'There is no merchant to choose yet.',
  chosenMerchant: (name: string) =>
    `Merchant: ${name}. Choose another one with the Merchant selector at the top of the page.`,
  currency: 'Currency',
  notSelected: 'Not selected',
  loadingCurrencies: 'Loading currencies…',
  currenciesFailed: 'Could not load the currencies',
  chooseCurrency: 'Choose a currency to see the movements of its balance.',
  unknownCurrency: (code: string) => `There is no currency ${code}: choose one from the list.`,
  loading: 'Loading the balance movements',
  loadFailed: 'Could not load the balance movements',
  nothingFound: 'This balance has not moved yet.',
  invoiceFilter: 'Invoice ID',
  invoiceFilterName: 'Filter by invoice',
  applyInvoice: 'Apply',
  clearInvoice: 'Clear',
  invalidInvoiceId:
    'An invoice ID is 32 digits and letters a–f in five groups joined by hyphens, such as 0b6f3c1e-5a2d-4c1b-9f3e-2d7a8c4b1e60. Nothing was applied.',
  noInvoiceMovements: (invoiceId: string) =>
    `Invoice ${invoiceId} has not moved this balance: it has no movements in this currency for this merchant.`,
  filterByInvoice: 'Filter',
  filterByInvoiceName: (invoiceId: string) => `Filter by invoice ${invoiceId}`,
  loadMore: 'Load more',
  loadMoreFailed: 'Could not load more movements',
  shown: (count: number) => `${count} ${count === 1 ? 'movement' : 'movements'} shown.`,
  allShown: 'That is every movement of this balance.',
  allShownOfInvoice: 'That is every movement of this invoice.',
  refresh: 'Refresh',
  refreshing: 'Refreshing the movements…',
  refreshFailed: 'Could not refresh the movements',
  /** When the newest movements shown were read: on the first load, then at each Refresh. */
  asOf: (time: string, refreshed: boolean) =>
    `${refreshed ? 'Refreshed' : 'Loaded'} at ${time} UTC.`,
  utc: 'Times are in UTC.',
  noValue: '—',
  nobody: 'Platform',
  nobodyTitle: 'No back-office person: the platform, the customer or a provider',
  recountTitle: 'A correction the platform recorded when the ledger was opened',
} as const;

/** The table's column headers, in order. */
export const BALANCE_MOVEMENT_COLUMNS = [
  'Time (UTC)',
  'Cause',
  'Invoice',
  'Merchant invoice ID',
  'Settlement',
  'Flow',
  'Available change',
  'Available after',
  'Reserved change',
  'Reserved after',
  'Changed by',
] as const;

const CAUSE_LABELS: Record<BalanceMovement['cause'], string> = {
  invoice: 'Invoice',
  settlement: 'Settlement',
  recount: 'Recount',
};

const FLOW_LABELS: Record<NonNullable<BalanceMovement['flowType']>, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
};

/** What moved the balance, in words: "Invoice", "Settlement" or "Recount". */
export const causeLabel = (movement: Pick<BalanceMovement, 'cause'>): string =>
  CAUSE_LABELS[movement.cause];

/**
 * What happened to the invoice: "IN_PROGRESS → DONE", "DONE" when it entered the ledger in its
 * status, or "DONE, amount or fee corrected" when only those moved; null for the others.
 */
export const invoiceChangeText = (
  movement: Pick<
    BalanceMovement,
    'cause' | 'statusBefore' | 'statusAfter' | 'amountBefore' | 'amountAfter'
  >,
): string | null => {
  const { cause, statusBefore, statusAfter } = movement;
  if (cause !== 'invoice' || statusAfter === null) return null;
  if (statusBefore === null) return statusAfter;
  if (statusBefore !== statusAfter) return `${statusBefore} → ${statusAfter}`;
  return `${statusAfter}, amount or fee corrected`;
};

export const flowLabel = (movement: Pick<BalanceMovement, 'flowType'>): string =>
  movement.flowType === null ? BALANCE_MOVEMENT_TEXTS.noValue : FLOW_LABELS[movement.flowType];

/**
 * A change in the currency's decimals (packages/domain, exact on integers), signed both ways so
 * the direction shows: "+9750.00", "-400000.00", "0.00".
 */
export const changeText = (minor: number, dimension: number): string =>
  `${minor > 0 ? '+' : ''}${formatMinorUnits(minor, dimension)}`;

/** A balance after the change, in the currency's decimals. */
export const amountText = (minor: number, dimension: number): string =>
  formatMinorUnits(minor, dimension);
