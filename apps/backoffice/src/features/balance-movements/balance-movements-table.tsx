import type { BalanceMovement } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { type Ref, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { invoiceDetailsPath } from '../invoices/shared/invoice-display.ts';
import { ListTable } from '../layout/list-table.tsx';
import {
  amountText,
  BALANCE_MOVEMENT_COLUMNS,
  BALANCE_MOVEMENT_TEXTS,
  causeLabel,
  changeText,
  flowLabel,
  invoiceChangeText,
} from './balance-movement-texts.ts';

const { noValue } = BALANCE_MOVEMENT_TEXTS;

const CauseCell = ({ movement }: { movement: BalanceMovement }) => {
  const change = invoiceChangeText(movement);
  return (
    <td>
      {movement.cause === 'recount' ? (
        <span title={BALANCE_MOVEMENT_TEXTS.recountTitle}>{causeLabel(movement)}</span>
      ) : (
        causeLabel(movement)
      )}
      {change === null ? null : <span className="bo-balance-movements__change-of">{change}</span>}
    </td>
  );
};

/** The invoice linked to its page, and "Filter" to show its movements alone (when offered). */
const InvoiceCell = ({
  invoiceId,
  onFilterInvoice,
}: {
  invoiceId: string | null;
  onFilterInvoice: ((invoiceId: string) => void) | undefined;
}) => {
  if (invoiceId === null) return <td>{noValue}</td>;
  return (
    <td>
      <span className="bo-balance-movements__invoice">
        <Link to={invoiceDetailsPath(invoiceId)} className="bo-balance-movements__id">
          {invoiceId}
        </Link>
        {onFilterInvoice === undefined ? null : (
          <button
            type="button"
            className="bo-balance-movements__filter-by pg-focusable"
            aria-label={BALANCE_MOVEMENT_TEXTS.filterByInvoiceName(invoiceId)}
            onClick={() => onFilterInvoice(invoiceId)}
          >
            {BALANCE_MOVEMENT_TEXTS.filterByInvoice}
          </button>
        )}
      </span>
    </td>
  );
};

const MovementRow = ({
  movement,
  dimension,
  rowRef,
  onFilterInvoice,
}: {
  movement: BalanceMovement;
  dimension: number;
  rowRef?: Ref<HTMLTableRowElement> | undefined;
  onFilterInvoice: ((invoiceId: string) => void) | undefined;
}) => (
  // Focusable from script only: after "Load more" the first new row takes the focus.
  <tr ref={rowRef} tabIndex={-1} className="bo-balance-movements__row">
    <td>
      <time dateTime={movement.createdAt}>{formatDateTimeShort(movement.createdAt)}</time>
    </td>
    <CauseCell movement={movement} />
    <InvoiceCell invoiceId={movement.invoiceId} onFilterInvoice={onFilterInvoice} />
    <td>{movement.merchantInvoiceId ?? noValue}</td>
    <td>{movement.settlementId ?? noValue}</td>
    <td>{flowLabel(movement)}</td>
    <td className="bo-balance-movements__money">
      {changeText(movement.availableChange, dimension)}
    </td>
    <td className="bo-balance-movements__money">
      {amountText(movement.availableAfter, dimension)}
    </td>
    <td className="bo-balance-movements__money">
      {changeText(movement.reservedChange, dimension)}
    </td>
    <td className="bo-balance-movements__money">{amountText(movement.reservedAfter, dimension)}</td>
    <td>
      {movement.changedBy ?? (
        <span title={BALANCE_MOVEMENT_TEXTS.nobodyTitle}>{BALANCE_MOVEMENT_TEXTS.nobody}</span>
      )}
    </td>
  </tr>
);

/**
 * One balance's movements, newest first: time (UTC), cause, the invoice (linked to its page),
 * the merchant's invoice id, the settlement, the flow, and the available and reserved change and
 * figure after it, in the currency's decimals; and who made it. `focusIndex` names the row to
 * focus once it is there (the first of a page just loaded), then `onFocused` is called.
 * `onFilterInvoice`, when given, puts a "Filter" button by each invoice (its movements alone).
 */
export const BalanceMovementsTable = ({
  movements,
  dimension,
  busy,
  focusIndex,
  onFocused,
  onFilterInvoice,
}: {
  movements: readonly BalanceMovement[];
  dimension: number;
  busy?: boolean;
  focusIndex: number | null;
  onFocused: () => void;
  onFilterInvoice?: ((invoiceId: string) => void) | undefined;
}) => {
  const focusRow = useRef<HTMLTableRowElement>(null);
  const focusReady = focusIndex !== null && focusIndex < movements.length;
  useEffect(() => {
    if (!focusReady) return;
    focusRow.current?.focus();
    onFocused();
  }, [focusReady, onFocused]);
  return (
    <ListTable caption={BALANCE_MOVEMENT_TEXTS.title} busy={busy}>
      <thead>
        <tr>
          {BALANCE_MOVEMENT_COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              className={
                column.startsWith('Available') || column.startsWith('Reserved')
                  ? 'bo-balance-movements__money'
                  : undefined
              }
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {movements.map((movement, index) => (
          <MovementRow
            key={movement.id}
            movement={movement}
            dimension={dimension}
            rowRef={index === focusIndex ? focusRow : undefined}
            onFilterInvoice={onFilterInvoice}
          />
        ))}
      </tbody>
    </ListTable>
  );
};
