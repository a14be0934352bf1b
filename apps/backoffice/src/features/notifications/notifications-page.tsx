import { formatDateTimeShort } from '@paygate/domain';
import { Badge } from '@paygate/ui';
import { SAMPLE_NOTIFICATIONS, type SampleNotification } from './sample-notifications.ts';
import './notifications.css';

const NotificationItem = ({ notification }: { notification: SampleNotification }) => {
  const titleId = `notification-${notification.id}`;
  return (
    <li className="bo-notification">
      <article aria-labelledby={titleId}>
        <header className="bo-notification__header">
          <Badge kind={notification.badge}>{notification.kind}</Badge>
          <h2 id={titleId}>{notification.title}</h2>
          <time dateTime={notification.createdAt}>
            {formatDateTimeShort(notification.createdAt)}
          </time>
        </header>
        <p>{notification.text}</p>
      </article>
    </li>
  );
};

/** SPEC §2 Notifications: a list of fixed sample entries, newest first, dates in UTC. */
export const NotificationsPage = () => (
  <section aria-labelledby="notifications-title" className="bo-notifications">
    <h1 id="notifications-title">Notifications</h1>
    <p className="bo-notifications__note">Sample notifications. Dates are in UTC.</p>
    <ul aria-labelledby="notifications-title" className="bo-notifications__list">
      {SAMPLE_NOTIFICATIONS.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  </section>
);
