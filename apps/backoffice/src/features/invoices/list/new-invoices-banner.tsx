import { Button } from '@paygate/ui';
import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/store.ts';
import { selectNewInvoiceCount } from '../../live/new-invoices-slice.ts';

/** Issue 25 item 2: the banner's text. */
export const newInvoicesText = (count: number): string =>
  count === 1 ? '1 new invoice' : `${count} new invoices`;

/**
 * "N new invoices" over the invoice list (issue 25 item 2): invoices created since the rows were
 * loaded that could be on this page. The rows do not move by themselves; the button loads them.
 * A polite live region, present even when empty, so screen readers hear the count change.
 */
export const NewInvoicesBanner = ({
  listKey,
  busy,
  onShow,
}: {
  /** invoiceListKey of the list's query. */
  listKey: string;
  /** The list is loading again. */
  busy: boolean;
  onShow: () => void;
}) => {
  const count = useAppSelector((state) => selectNewInvoiceCount(state, listKey));
  return (
    <div className="bo-new-invoices" role="status">
      {count > 0 ? (
        <Button variant="secondary" busy={busy} onClick={onShow}>
          <span aria-hidden="true">↑ </span>
          {newInvoicesText(count)}
        </Button>
      ) : null}
    </div>
  );
};

/**
 * The banner's click: the list loads again and shows the new invoices. When the focus was on the
 * banner (which then goes away), it moves to the newest invoice once they are shown.
 */
export const useShowNewInvoices = (list: {
  fulfilledTimeStamp?: number | undefined;
  isError: boolean;
  refetch: () => unknown;
}) => {
  const { fulfilledTimeStamp = 0, isError, refetch } = list;
  const [loadedBefore, setLoadedBefore] = useState<number | null>(null);
  useEffect(() => {
    if (loadedBefore === null) return;
    if (isError) {
      setLoadedBefore(null);
      return;
    }
    if (fulfilledTimeStamp <= loadedBefore) return;
    setLoadedBefore(null);
    const focus = document.activeElement;
    if (focus && focus !== document.body && !focus.closest('.bo-new-invoices')) return;
    document.querySelector<HTMLElement>('.bo-invoices-table__id')?.focus();
  }, [loadedBefore, fulfilledTimeStamp, isError]);
  return useCallback(() => {
    setLoadedBefore(fulfilledTimeStamp);
    void refetch();
  }, [fulfilledTimeStamp, refetch]);
};
