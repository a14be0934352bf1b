import { minorUnitsJson } from '../../http/money-json.ts';
import type { BalanceMovementPageRow } from './balance-movement-repository.ts';

const minorUnits = (description: string) =>
  ({ type: 'integer', description: `${description} Minor units.` }) as const;
const nullableMinorUnits = (description: string) =>
  ({ type: ['integer', 'null'], description: `${description} Minor units.` }) as const;

/**
 * What a ledger row says about its change, as JSON (decision 0029): the schema properties and
 * the presenter the merchant API's balance transactions and the back office's balance movements
 * share. Each adds its own id, time and cause before these, and what only it shows.
 */
export const ledgerChangeProperties = {
  terminalId: { type: ['integer', 'null'] },
  invoiceId: { type: ['string', 'null'], format: 'uuid' },
  merchantInvoiceId: { type: ['string', 'null'] },
  settlementId: { type: ['integer', 'null'] },
  flowType: { type: ['string', 'null'], enum: ['DEPOSIT', 'WITHDRAWAL', null] },
  statusBefore: {
    type: ['string', 'null'],
    description: 'Null when the invoice entered the ledger in its status.',
  },
  statusAfter: { type: ['string', 'null'] },
  amountBefore: nullableMinorUnits('The invoice amount before the change.'),
  amountAfter: nullableMinorUnits('The invoice amount after the change.'),
  feeBefore: nullableMinorUnits('The invoice fee before the change.'),
  feeAfter: nullableMinorUnits('The invoice fee after the change.'),
  availableChange: minorUnits('What the change added to available (negative: took off).'),
  reservedChange: minorUnits('What the change added to reserved (negative: released).'),
  availableAfter: minorUnits('Available right after this change.'),
  reservedAfter: minorUnits('Reserved right after this change.'),
} as const;

/** Every one of ledgerChangeProperties is always present (null when it does not apply). */
export const LEDGER_CHANGE_REQUIRED = Object.keys(ledgerChangeProperties) as Array<
  keyof typeof ledgerChangeProperties
>;

const optionalMinorUnits = (minor: bigint | null) =>
  minor === null ? null : minorUnitsJson(minor);

export const presentLedgerChange = (row: BalanceMovementPageRow) => ({
  terminalId: row.terminalId,
  invoiceId: row.invoiceId,
  merchantInvoiceId: row.merchantInvoiceId,
  settlementId: row.settlementId,
  flowType: row.flowType,
  statusBefore: row.fromStatus,
  statusAfter: row.toStatus,
  amountBefore: optionalMinorUnits(row.amountBefore),
  amountAfter: optionalMinorUnits(row.amountAfter),
  feeBefore: optionalMinorUnits(row.feeBefore),
  feeAfter: optionalMinorUnits(row.feeAfter),
  availableChange: minorUnitsJson(row.availableChange),
  reservedChange: minorUnitsJson(row.reservedChange),
  availableAfter: minorUnitsJson(row.availableAfter),
  reservedAfter: minorUnitsJson(row.reservedAfter),
});
