import {
  type ApiTagType,
  baseApi,
  type Invoice,
  type InvoiceListArgs,
  type InvoiceListItem,
  invoiceApi,
  NOTIFICATION_TAGS,
  notificationApi,
  type ReferenceItem,
  referenceApi,
} from '@paygate/api';
import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import type { AppDispatch, RootState } from '../../app/store.ts';
import { createKeyedThrottle } from './keyed-throttle.ts';
import {
  type AlertLiveEvent,
  type InvoiceLiveEvent,
  type LiveEventMap,
  type LiveEventName,
  liveEventData,
} from './live-events.ts';
import { couldListNewInvoice, invoiceListKey } from './new-invoice-match.ts';
import { newInvoiceHeard } from './new-invoices-slice.ts';

/** At most one refetch per cache tag this often. */
const LIVE_REFETCH_INTERVAL_MS = 1_000;

/**
 * What a resync reloads: every invoice (lists and details), the history sections, the callbacks,
 * Monitoring's terminal statistics and the dashboard figures (and the notifications, NOTIFICATION_TAGS). Lists reload too: after a
 * gap the new rows cannot be counted.
 */
const LIVE_TAG_TYPES = [
  'Invoice',
  'InvoiceEvents',
  'InvoiceCallbacks',
  'MerchantFigures',
  'TerminalStatistics',
] as const satisfies readonly ApiTagType[];

interface LiveStore {
  dispatch: AppDispatch;
  getState: () => RootState;
}

export interface LiveCacheOptions {
  /**
   * Shows an alert opening or closing to the signed-in person (a toast: the cache is outside
   * React, use-live-updates.ts passes it in).
   */
  showAlert?: (alert: AlertLiveEvent) => void;
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
 * Turns live events into RTK Query cache work (issue 25 items 2 and 3):
 *
 * - invoice.changed puts the new status, status date and amount on the matching rows of every
 *   cached invoice list and on the cached invoice, so badges change in place without a refetch;
 *   the open invoice is refetched (its own tag: lists do not provide it) with its history
 *   (status, errors, event log, transactions) and callbacks, and the dashboard figures.
 * - invoice.created counts towards "N new invoices" of every cached first page it could be on
 *   (the rows do not move); the dashboard figures are refetched.
 * - callback.attempted refetches its invoice's callbacks and event log.
 * - alert.opened and alert.closed are shown (`showAlert`, a toast) and refetch the notifications.
 *
 * Every refetch goes through a throttle: at most one per tag a second, leading and trailing (RTK
 * Query runs an invalidation after the requests already running). Lists are never invalidated
 * here except by a resync. New events get a handler in HANDLERS.
 */
export const createLiveCache = (
  { dispatch, getState }: LiveStore,
  { showAlert }: LiveCacheOptions = {},
): LiveCache => {
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

  /** The Notifications screen's entries (their tag type is notificationApi's own). */
  const invalidateNotifications = () => {
    throttle.run('Notification', () => {
      dispatch(notificationApi.util.invalidateTags([...NOTIFICATION_TAGS]));
    });
  };

  const alerted = (event: AlertLiveEvent) => {
    showAlert?.(event);
    invalidateNotifications();
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
      invalidate(
        { type: 'Invoice', id: event.invoiceId },
        { type: 'InvoiceEvents', id: event.invoiceId },
        { type: 'InvoiceCallbacks', id: event.invoiceId },
        'MerchantFigures',
        // Monitoring's success rates, no longer only on its 60-second timer.
        'TerminalStatistics',
      );
    },
    'callback.attempted': (event) => {
      if (!event.invoiceId) return;
      invalidate(
        { type: 'InvoiceCallbacks', id: event.invoiceId },
        { type: 'InvoiceEvents', id: event.invoiceId },
      );
    },
    'alert.opened': alerted,
    'alert.closed': alerted,
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
      invalidateNotifications();
    },
    dispose() {
      disposed = true;
      throttle.cancel();
    },
  };
};
