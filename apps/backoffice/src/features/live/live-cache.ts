import {
  type ApiTagType,
  baseApi,
  type Invoice,
  type InvoiceListArgs,
  type InvoiceListItem,
  invoiceApi,
  type ReferenceItem,
  referenceApi,
} from '@paygate/api';
import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import type { AppDispatch, RootState } from '../../app/store.ts';
import { createKeyedThrottle } from './keyed-throttle.ts';
import {
  type InvoiceLiveEvent,
  type LiveEventMap,
  type LiveEventName,
  liveEventData,
} from './live-events.ts';
import { couldListNewInvoice, invoiceListKey } from './new-invoice-match.ts';
import { newInvoiceHeard } from './new-invoices-slice.ts';

/** At most one refetch per cache tag (and per open invoice) this often. */
const LIVE_REFETCH_INTERVAL_MS = 1_000;

/**
 * What a resync reloads: every invoice (lists and details), the history sections, the callbacks
 * and the dashboard figures. Lists reload too: after a gap the new rows cannot be counted.
 */
const LIVE_TAG_TYPES = [
  'Invoice',
  'InvoiceEvents',
  'InvoiceCallbacks',
  'MerchantFigures',
] as const satisfies readonly ApiTagType[];

interface LiveStore {
  dispatch: AppDispatch;
  getState: () => RootState;
}

type Tag = (typeof LIVE_TAG_TYPES)[number] | { type: ApiTagType; id: string | number };

const tagKey = (tag: Tag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id}`);

const PAYMENT_STATUSES = { refHeaderId: REFERENCE_HEADER_IDS.paymentStatus } as const;

type InvoiceStatus = InvoiceListItem['invoiceStatus'];

/** The row's status for a status code, with its id and name from the reference list. */
const statusOf = (
  code: string,
  current: InvoiceStatus,
  statuses: readonly ReferenceItem[],
): InvoiceStatus => {
  if (current.code === code) return current;
  const known = statuses.find((status) => status.code === code);
  return { id: known?.id ?? null, code, value: known?.value ?? code };
};

/** Puts an invoice event's status, status date, amount and fee on a cached row or invoice. */
const patchInvoice = (
  target: InvoiceListItem | Invoice,
  event: InvoiceLiveEvent,
  statuses: readonly ReferenceItem[],
) => {
  // Rows loaded after the change are newer than a late event: they stay as they are.
  if (Date.parse(target.statusDate) > Date.parse(event.statusDate)) return;
  target.invoiceStatus = statusOf(event.status, target.invoiceStatus, statuses);
  target.statusDate = event.statusDate;
  target.amount = event.amount;
  target.fee = event.fee;
};

export interface LiveCache {
  /** The events it acts on (the stream is told to listen to these). */
  readonly eventNames: readonly LiveEventName[];
  handle(name: string, data: unknown): void;
  /** Events may have been missed: reload everything live. */
  resync(): void;
  dispose(): void;
}

/**
 * Turns live events into RTK Query cache work (issue 25 item 2):
 *
 * - invoice.changed puts the new status, status date and amount on the matching rows of every
 *   cached invoice list and on the cached invoice, so badges change in place without a refetch;
 *   the open invoice is refetched with its history (status, errors, event log, transactions) and
 *   callbacks, and the dashboard figures.
 * - invoice.created counts towards "N new invoices" of every cached first page it could be on
 *   (the rows do not move); the dashboard figures are refetched.
 * - callback.attempted refetches its invoice's callbacks and event log.
 *
 * Every refetch goes through a throttle: at most one per tag (and per open invoice) a second,
 * leading and trailing. Lists are never invalidated here except by a resync: an invoice's own
 * tag is provided by the lists showing it, so the invoice details are refetched by query instead.
 * New events get a handler in HANDLERS (alerts: issue 25 item 3).
 */
export const createLiveCache = ({ dispatch, getState }: LiveStore): LiveCache => {
  const throttle = createKeyedThrottle(LIVE_REFETCH_INTERVAL_MS);
  let disposed = false;
  let statusesLoad: Promise<readonly ReferenceItem[]> | null = null;

  const invalidate = (...tags: Tag[]) => {
    for (const tag of tags) {
      throttle.run(tagKey(tag), () => {
        dispatch(baseApi.util.invalidateTags([tag]));
      });
    }
  };

  /** Refetches the cached details of an invoice (after a request already running, if any). */
  const refetchInvoice = (invoiceId: string) => {
    throttle.run(`invoice:${invoiceId}`, () => {
      const cached = invoiceApi.util
        .selectCachedArgsForQuery(getState(), 'getInvoice')
        .filter((args) => args.invoiceId === invoiceId);
      for (const args of cached) {
        const running = dispatch(invoiceApi.util.getRunningQueryThunk('getInvoice', args));
        void Promise.resolve(running).then(() => {
          if (disposed) return;
          dispatch(
            invoiceApi.endpoints.getInvoice.initiate(args, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
        });
      }
    });
  };

  /** The payment statuses (reference list 201): cached for the session, else loaded once. */
  const withStatuses = (use: (statuses: readonly ReferenceItem[]) => void) => {
    const cached = referenceApi.endpoints.getReferenceList.select(PAYMENT_STATUSES)(getState());
    if (cached.data) {
      use(cached.data);
      return;
    }
    statusesLoad ??= dispatch(
      referenceApi.endpoints.getReferenceList.initiate(PAYMENT_STATUSES, { subscribe: false }),
    ).then((result) => {
      if (!result.data) statusesLoad = null;
      return result.data ?? [];
    });
    void statusesLoad.then((statuses) => {
      if (!disposed) use(statuses);
    });
  };

  const cachedLists = (): Array<{ args: InvoiceListArgs | undefined; key: string }> =>
    invoiceApi.util
      .selectCachedArgsForQuery(getState(), 'getInvoices')
      .map((arg) => ({ args: arg ?? undefined, key: invoiceListKey(arg) }));

  const patchCachedInvoices = (event: InvoiceLiveEvent, statuses: readonly ReferenceItem[]) => {
    for (const { args } of cachedLists()) {
      dispatch(
        invoiceApi.util.updateQueryData('getInvoices', args, (page) => {
          for (const row of page.items) {
            if (row.invoiceId === event.invoiceId) patchInvoice(row, event, statuses);
          }
        }),
      );
    }
    for (const args of invoiceApi.util.selectCachedArgsForQuery(getState(), 'getInvoice')) {
      if (args.invoiceId !== event.invoiceId) continue;
      dispatch(
        invoiceApi.util.updateQueryData('getInvoice', args, (invoice) => {
          patchInvoice(invoice, event, statuses);
        }),
      );
    }
  };

  const countNewInvoice = (event: InvoiceLiveEvent, statuses: readonly ReferenceItem[]) => {
    const statusIdOf = (code: string) => statuses.find((status) => status.code === code)?.id;
    const lists = cachedLists().filter(
      ({ args }) =>
        invoiceApi.endpoints.getInvoices.select(args)(getState()).data !== undefined &&
        couldListNewInvoice(args, event, statusIdOf),
    );
    if (lists.length === 0) return;
    dispatch(
      newInvoiceHeard({
        listKeys: lists.map(({ key }) => key),
        cachedKeys: cachedLists().map(({ key }) => key),
      }),
    );
  };

  const HANDLERS: { [Name in LiveEventName]: (data: LiveEventMap[Name]) => void } = {
    'invoice.created': (event) => {
      withStatuses((statuses) => countNewInvoice(event, statuses));
      invalidate('MerchantFigures');
    },
    'invoice.changed': (event) => {
      withStatuses((statuses) => patchCachedInvoices(event, statuses));
      refetchInvoice(event.invoiceId);
      invalidate(
        { type: 'InvoiceEvents', id: event.invoiceId },
        { type: 'InvoiceCallbacks', id: event.invoiceId },
        'MerchantFigures',
      );
    },
    'callback.attempted': (event) => {
      if (!event.invoiceId) return;
      invalidate(
        { type: 'InvoiceCallbacks', id: event.invoiceId },
        { type: 'InvoiceEvents', id: event.invoiceId },
      );
    },
  };

  const isHandled = (name: string): name is LiveEventName => Object.hasOwn(HANDLERS, name);

  return {
    eventNames: Object.keys(HANDLERS) as LiveEventName[],
    handle(name, data) {
      if (disposed || !isHandled(name)) return;
      const event = liveEventData(name, data);
      if (event) (HANDLERS[name] as (data: LiveEventMap[LiveEventName]) => void)(event);
    },
    resync() {
      if (disposed) return;
      invalidate(...LIVE_TAG_TYPES);
    },
    dispose() {
      disposed = true;
      throttle.cancel();
    },
  };
};
