import {
  errorMessageOf,
  useGetWebhookEventQuery,
  useResendCallbackMutation,
  type WebhookDelivery,
  type WebhookEventDetails,
} from '@paygate/api';
import { Badge, Button, CopyButton, Dialog, useToast } from '@paygate/ui';
import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import {
  DEVELOPER_TEXTS,
  deliveryBadgeKind,
  deliverySummaryText,
  payloadJson,
} from './developer-texts.ts';
import { DeveloperTime } from './developer-time.tsx';

const AttemptsTable = ({ delivery }: { delivery: WebhookDelivery }) =>
  delivery.attemptsLog.length === 0 ? (
    <p className="bo-developers-note">{DEVELOPER_TEXTS.noAttempts}</p>
  ) : (
    // Focusable and named, so a keyboard can scroll a table wider than a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
    <section className="bo-attempts-scroll" tabIndex={0} aria-label={`Attempts: ${delivery.url}`}>
      <table className="bo-developers-attempts">
        <caption className="bo-visually-hidden">Attempts to {delivery.url}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Response</th>
            <th scope="col">Duration</th>
            <th scope="col">Response excerpt or error</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attemptsLog.map((attempt, index) => (
            // Attempts have no id of their own; the log only grows at its end.
            <tr key={`${index}-${attempt.attemptedAt}`}>
              <td>
                <DeveloperTime value={attempt.attemptedAt} />
              </td>
              <td>{attempt.responseCode ?? DEVELOPER_TEXTS.noValue}</td>
              <td>{attempt.durationMs} ms</td>
              <td className="bo-developers-excerpt">
                {attempt.error ? (
                  <span className="bo-developers-error">{attempt.error}</span>
                ) : (
                  <code>{attempt.responseExcerpt ?? DEVELOPER_TEXTS.noValue}</code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );

const DeliveryView = ({ eventId, delivery }: { eventId: string; delivery: WebhookDelivery }) => {
  const toast = useToast();
  const [resend, resending] = useResendCallbackMutation();
  const resendDelivery = async () => {
    try {
      const { callbackId } = await resend({ callbackId: delivery.callbackId, eventId }).unwrap();
      toast.success(DEVELOPER_TEXTS.resent(callbackId));
    } catch (error) {
      toast.error(`Could not resend: ${errorMessageOf(error)}`);
    }
  };
  return (
    <li className="bo-developers-delivery">
      <div className="bo-developers-delivery__header">
        <code className="bo-developers-url">{delivery.url}</code>
        <Badge kind={deliveryBadgeKind(delivery.status)}>{deliverySummaryText(delivery)}</Badge>
        <Button
          variant="secondary"
          busy={resending.isLoading}
          aria-label={`Resend to ${delivery.url}`}
          onClick={() => void resendDelivery()}
        >
          {DEVELOPER_TEXTS.resend}
        </Button>
      </div>
      <AttemptsTable delivery={delivery} />
    </li>
  );
};

const EventDetails = ({ event }: { event: WebhookEventDetails }) => {
  const toast = useToast();
  const json = payloadJson(event.payload);
  return (
    <div className="bo-developers-event">
      <dl className="bo-developers-facts">
        <div>
          <dt>Type</dt>
          <dd>
            <code>{event.type}</code>
          </dd>
        </div>
        <div>
          <dt>Invoice</dt>
          <dd>{event.invoiceId ?? DEVELOPER_TEXTS.noValue}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DeveloperTime value={event.createdAt} />
          </dd>
        </div>
      </dl>
      <div className="bo-developers-section__header">
        <h3>Payload</h3>
        <CopyButton
          value={json}
          what="payload"
          onCopy={(ok) => {
            if (!ok) toast.error(DEVELOPER_TEXTS.copyFailed);
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <section className="bo-developers-json-wrap" tabIndex={0} aria-label="Payload">
        <pre className="bo-developers-json" data-testid="event-payload">
          {json}
        </pre>
      </section>
      <h3>Deliveries</h3>
      {event.deliveries.length === 0 ? (
        <p className="bo-developers-note">{DEVELOPER_TEXTS.noDeliveries}</p>
      ) : (
        <ul className="bo-developers-deliveries">
          {event.deliveries.map((delivery) => (
            <DeliveryView key={delivery.callbackId} eventId={event.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
};

/** An event's details (GET /api/v1/developers/events/{id}): payload and every attempt. */
export const WebhookEventDialog = ({
  eventId,
  onClose,
}: {
  eventId: string;
  onClose: () => void;
}) => {
  const event = useGetWebhookEventQuery({ eventId });
  let content: ReactNode;
  if (event.isError) {
    content = <LoadFailed message={DEVELOPER_TEXTS.eventFailed} query={event} />;
  } else if (!event.currentData) {
    content = <Loading label={DEVELOPER_TEXTS.loadingEvent} />;
  } else {
    content = <EventDetails event={event.currentData} />;
  }
  return (
    <Dialog open onClose={onClose} title={`Event ${eventId}`} width={800}>
      {content}
    </Dialog>
  );
};
