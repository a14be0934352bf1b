import {
  type NotificationEntry,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '@paygate/api';
import { formatDateTimeShort, isBadgeKind } from '@paygate/domain';
import { Badge, Button, EmptyState, useToast } from '@paygate/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import './notifications.css';

const NotificationItem = ({ notification }: { notification: NotificationEntry }) => {
  const titleId = `notification-${notification.id}`;
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const toast = useToast();
  return (
    <li className={`bo-notification${notification.read ? '' : ' bo-notification--unread'}`}>
      <article aria-labelledby={titleId}>
        <header className="bo-notification__header">
          <Badge kind={isBadgeKind(notification.severity) ? notification.severity : 'neutral'}>
            {notification.category}
          </Badge>
          <h2 id={titleId}>{notification.title}</h2>
          {notification.read ? null : <span className="bo-notification__unread">Unread</span>}
          <time dateTime={notification.createdAt}>
            {formatDateTimeShort(notification.createdAt)}
          </time>
        </header>
        <p>{notification.body}</p>
        <footer className="bo-notification__actions">
          {notification.link ? <Link to={notification.link}>Open</Link> : null}
          {notification.read ? null : (
            <Button
              variant="secondary"
              busy={marking.isLoading}
              onClick={() =>
                void markRead({ ids: [notification.id] })
                  .unwrap()
                  .catch(() => toast.error('Could not mark the notification as read'))
              }
            >
              Mark as read
            </Button>
          )}
        </footer>
      </article>
    </li>
  );
};

/** One page of entries; the last loaded page offers the next (older) one. */
const NotificationPage = ({
  beforeId,
  isLast,
  onOlder,
}: {
  beforeId: number | undefined;
  isLast: boolean;
  onOlder: (beforeId: number) => void;
}) => {
  const query = useGetNotificationsQuery(beforeId === undefined ? undefined : { beforeId });
  if (query.isLoading) {
    return (
      <li>
        <Loading label="Loading notifications" />
      </li>
    );
  }
  if (query.error || !query.data) {
    return (
      <li>
        <LoadFailed message="Notifications could not be loaded" query={query} />
      </li>
    );
  }
  const { items, hasMore } = query.data;
  const oldest = items.at(-1);
  return (
    <>
      {items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
      {isLast && hasMore && oldest ? (
        <li className="bo-notifications__more">
          <Button variant="secondary" onClick={() => onOlder(oldest.id)}>
            Show older notifications
          </Button>
        </li>
      ) : null}
    </>
  );
};

/**
 * SPEC §2 Notifications, real entries since issue 25: alerts opening and closing, an endpoint
 * disabled, and the demo's sample entries; newest first, dates in UTC, read per person.
 */
export const NotificationsPage = () => {
  const first = useGetNotificationsQuery(undefined);
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const [olderPages, setOlderPages] = useState<number[]>([]);
  const toast = useToast();
  const unread = first.data?.unread ?? 0;
  const pages = [undefined, ...olderPages];

  return (
    <section aria-labelledby="notifications-title" className="bo-notifications">
      <div className="bo-notifications__heading">
        <h1 id="notifications-title">Notifications</h1>
        {unread > 0 ? (
          <Button
            variant="secondary"
            busy={marking.isLoading}
            onClick={() =>
              void markRead({})
                .unwrap()
                .catch(() => toast.error('Could not mark the notifications as read'))
            }
          >
            Mark all as read
          </Button>
        ) : null}
      </div>
      <p className="bo-notifications__note" aria-live="polite">
        {first.data ? `${unread} unread. ` : ''}Dates are in UTC.
      </p>
      {first.isLoading ? (
        <Loading label="Loading notifications" />
      ) : first.error || !first.data ? (
        <LoadFailed message="Notifications could not be loaded" query={first} />
      ) : first.data.items.length === 0 ? (
        <EmptyState text="No notifications yet" />
      ) : (
        <ul aria-labelledby="notifications-title" className="bo-notifications__list">
          {pages.map((beforeId, index) => (
            <NotificationPage
              key={beforeId ?? 'newest'}
              beforeId={beforeId}
              isLast={index === pages.length - 1}
              onOlder={(id) => setOlderPages((loaded) => [...loaded, id])}
            />
          ))}
        </ul>
      )}
    </section>
  );
};
