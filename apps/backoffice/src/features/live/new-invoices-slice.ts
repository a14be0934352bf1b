import { type InvoiceListArgs, invoiceApi } from '@paygate/api';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/session-slice.ts';
import { invoiceListKey } from './new-invoice-match.ts';

/**
 * The "N new invoices" of the invoice list (issue 25 item 2): per list query (invoiceListKey),
 * how many invoices were created since its rows were loaded. The rows stay as they are until the
 * list is loaded again; any load of the query (the banner's click, a change someone made, a
 * resync) settles the count of what was heard before it started.
 */
interface NewInvoiceCount {
  /** Heard since the last load started. */
  heard: number;
  /** Heard before the load that is running now, which will show them. */
  loading: number;
}

export interface NewInvoicesState {
  lists: Record<string, NewInvoiceCount>;
}

const initialState: NewInvoicesState = { lists: {} };

const keyOf = (action: { meta: { arg: { originalArgs: unknown } } }) =>
  invoiceListKey(action.meta.arg.originalArgs as InvoiceListArgs | undefined);

export const newInvoicesSlice = createSlice({
  name: 'newInvoices',
  initialState,
  reducers: {
    /**
     * A new invoice that could be on the cached lists `listKeys`; counts of lists no longer in
     * the cache (`cachedKeys`) are dropped.
     */
    newInvoiceHeard: (
      state,
      action: PayloadAction<{ listKeys: string[]; cachedKeys: string[] }>,
    ) => {
      const cached = new Set(action.payload.cachedKeys);
      for (const key of Object.keys(state.lists)) if (!cached.has(key)) delete state.lists[key];
      for (const key of action.payload.listKeys) {
        const count = state.lists[key] ?? { heard: 0, loading: 0 };
        count.heard += 1;
        state.lists[key] = count;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(invoiceApi.endpoints.getInvoices.matchPending, (state, action) => {
        const count = state.lists[keyOf(action)];
        if (!count) return;
        count.loading += count.heard;
        count.heard = 0;
      })
      .addMatcher(invoiceApi.endpoints.getInvoices.matchFulfilled, (state, action) => {
        const key = keyOf(action);
        const count = state.lists[key];
        if (!count) return;
        if (count.heard === 0) delete state.lists[key];
        else count.loading = 0;
      })
      .addMatcher(invoiceApi.endpoints.getInvoices.matchRejected, (state, action) => {
        // A request skipped because one is running, or the list is fresh, changes nothing.
        if (action.meta.condition) return;
        const count = state.lists[keyOf(action)];
        if (!count) return;
        count.heard += count.loading;
        count.loading = 0;
      })
      .addMatcher(sessionEnded, () => initialState);
  },
});

export const { newInvoiceHeard } = newInvoicesSlice.actions;

/** How many new invoices a list query has not shown yet. */
export const selectNewInvoiceCount = (
  state: { newInvoices: NewInvoicesState },
  listKey: string,
): number => {
  const count = state.newInvoices.lists[listKey];
  return count ? count.heard + count.loading : 0;
};
