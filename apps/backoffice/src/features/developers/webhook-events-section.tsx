import { useGetWebhookEventsQuery, type WebhookEventSummary } from '@paygate/api';
import { Badge, Select } from '@paygate/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../layout/list-table.tsx';
import { useLastPageFallback, useListView } from '../layout/list-view.ts';
import { PagedList } from '../layout/paged-list.tsx';
import { DeveloperSection } from './developer-section.tsx';
import { DEVELOPER_TEXTS, deliveryBadgeKind, deliverySummaryText } from './developer-texts.ts';
import { DeveloperTime } from './developer-time.tsx';
import { WebhookEventDialog } from './webhook-event-dialog.tsx';
import {
  EVENT_FILTER_TYPES,
  readWebhookEventsView,
  webhookEventsQueryOf,
} from './webhook-events-view.ts';

const TYPE_OPTIONS = EVENT_FILTER_TYPES.map((type) => ({ value: type, label: type }));

const Deliveries = ({ event }: { event: WebhookEventSummary }) =>
  event.deliveries.length === 0 ? (
    <span className="bo-developers-note">{DEVELOPER_TEXTS.noDeliveries}</span>
  ) : (
    <ul className="bo-developers-badges">
      {event.deliveries.map((delivery) => (
        <li key={delivery.callbackId} title={delivery.url}>
          <Badge kind={deliveryBadgeKind(delivery.status)}>{deliverySummaryText(delivery)}</Badge>
        </li>
      ))}
    </ul>
  );

const EventsTable = ({
  events,
  busy,
  onOpen,
}: {
  events: readonly WebhookEventSummary[];
  busy: boolean;
  onOpen: (eventId: string) => void;
}) => (
  <ListTable caption={DEVELOPER_TEXTS.events} busy={busy}>
    <thead>
      <tr>
        <th scope="col">Event</th>
        <th scope="col">Type</th>
        <th scope="col">Invoice</th>
        <th scope="col">Created</th>
        <th scope="col">Deliveries</th>
      </tr>
    </thead>
    <tbody>
      {events.map((event) => (
        <tr key={event.id}>
          <td>
            <button
              type="button"
              className="bo-developers-link pg-focusable"
              aria-haspopup="dialog"
              aria-label={`Details of event ${event.id}`}
              onClick={() => onOpen(event.id)}
            >
              {event.id}
            </button>
          </td>
          <td>
            <code>{event.type}</code>
          </td>
          <td>
            {event.invoiceId ? (
              <Link to={`/invoices/${event.invoiceId}`}>{event.invoiceId}</Link>
            ) : (
              DEVELOPER_TEXTS.noValue
            )}
          </td>
          <td>
            <DeveloperTime value={event.createdAt} />
          </td>
          <td>
            <Deliveries event={event} />
          </td>
        </tr>
      ))}
    </tbody>
  </ListTable>
);

/**
 * Events (issue 23 item 2): what was sent, newest first, filtered by type and paged in the URL; an
 * event opens its payload and every delivery attempt, with Resend per delivery.
 */
export const WebhookEventsSection = ({ merchantId }: { merchantId: number | undefined }) => {
  const { view, change } = useListView(readWebhookEventsView);
  const list = useGetWebhookEventsQuery(webhookEventsQueryOf(view, { merchantId }));
  const [openedId, setOpenedId] = useState<string | null>(null);
  useLastPageFallback(list.currentData?.total, view, change);

  return (
    <DeveloperSection
      headingId="developers-events"
      title={DEVELOPER_TEXTS.events}
      intro={DEVELOPER_TEXTS.eventsIntro}
    >
      <div className="bo-developers-filters">
        <Select
          label="Type"
          name="type"
          placeholder={DEVELOPER_TEXTS.allTypes}
          options={TYPE_OPTIONS}
          value={view.type}
          onChange={(type) => change({ type, page: null })}
        />
      </div>
      <PagedList
        query={list}
        view={view}
        loadFailed={DEVELOPER_TEXTS.eventsFailed}
        loading={DEVELOPER_TEXTS.loadingEvents}
        nothingFound={DEVELOPER_TEXTS.noEvents}
        onPageChange={(page) => change({ page })}
        onSizeChange={(size) => change({ size, page: null })}
      >
        {(events) => <EventsTable events={events} busy={list.isFetching} onOpen={setOpenedId} />}
      </PagedList>
      {openedId ? (
        <WebhookEventDialog eventId={openedId} onClose={() => setOpenedId(null)} />
      ) : null}
    </DeveloperSection>
  );
};
