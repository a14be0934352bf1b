import { baseApi, invoiceEventApi } from '@paygate/api';
import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/store.ts';

/**
 * SPEC §4: after a status change the invoice events are refetched, then the toast shows. The
 * change's cache tags (README "Caching": its InvoiceEvents, callbacks, the invoice) start the
 * refetches; this waits for them. Forcing the status history joins its running request instead
 * of sending another, and still refetches it if the invalidation was deferred.
 */
export const useInvoiceEventsRefetched = (invoiceId: string) => {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(
      invoiceEventApi.endpoints.getInvoiceStatusHistory.initiate(
        { invoiceId },
        { subscribe: false, forceRefetch: true },
      ),
    );
    await Promise.all(dispatch(baseApi.util.getRunningQueriesThunk()));
  }, [dispatch, invoiceId]);
};
