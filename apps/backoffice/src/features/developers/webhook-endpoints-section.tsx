import {
  errorMessageOf,
  useChangeWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useGetWebhookEndpointsQuery,
  useSendWebhookTestEventMutation,
  type WebhookEndpoint,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Badge, Button, Switch, useToast } from '@paygate/ui';
import { useState } from 'react';
import { ListTable } from '../layout/list-table.tsx';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { DeveloperSection } from './developer-section.tsx';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { RecoverDeliveriesDialog } from './recover-deliveries-dialog.tsx';
import { RowDialogButton } from './row-dialog-button.tsx';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';
import { WholeList } from './whole-list.tsx';

/** Delete, after the confirmation; the server's refusal stays in view. */
const DeleteEndpointDialog = ({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) => {
  const [deleteEndpoint, { isLoading }] = useDeleteWebhookEndpointMutation();
  return (
    <ConfirmActionDialog
      title="Delete endpoint"
      message={DEVELOPER_TEXTS.deleteConfirmation(endpoint.url)}
      confirmLabel="Delete"
      busy={isLoading}
      action={() => deleteEndpoint({ endpointId: endpoint.id }).unwrap()}
      doneText={DEVELOPER_TEXTS.endpointDeleted}
      onClose={onClose}
    />
  );
};

const EndpointStatus = ({ endpoint }: { endpoint: WebhookEndpoint }) => (
  <div className="bo-developers-status">
    {endpoint.enabled ? (
      <Badge kind="success">{DEVELOPER_TEXTS.enabled}</Badge>
    ) : (
      <Badge kind="neutral">{DEVELOPER_TEXTS.disabled}</Badge>
    )}
    {!endpoint.enabled && endpoint.disabledReason ? (
      <span className="bo-developers-note">{endpoint.disabledReason}</span>
    ) : null}
    {endpoint.failingSince ? (
      <span className="bo-developers-warning-text">
        <span aria-hidden="true">⚠ </span>
        {DEVELOPER_TEXTS.failingSince(`${formatDateTimeShort(endpoint.failingSince)} UTC`)}
      </span>
    ) : null}
  </div>
);

/** One endpoint's row: its state, the Enabled switch and its actions. */
const EndpointRow = ({
  endpoint,
  onEdit,
  onRecover,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRecover: () => void;
  onDelete: () => void;
}) => {
  const toast = useToast();
  const [change, changing] = useChangeWebhookEndpointMutation();
  const [sendTest, testing] = useSendWebhookTestEventMutation();

  const setEnabled = async (enabled: boolean) => {
    try {
      await change({ endpointId: endpoint.id, enabled }).unwrap();
      toast.success(enabled ? DEVELOPER_TEXTS.endpointEnabled : DEVELOPER_TEXTS.endpointDisabled);
    } catch (error) {
      toast.error(errorMessageOf(error));
    }
  };
  const test = async () => {
    try {
      const { eventId } = await sendTest({ endpointId: endpoint.id }).unwrap();
      toast.success(DEVELOPER_TEXTS.testSent(eventId));
    } catch (error) {
      toast.error(`Could not send the test event: ${errorMessageOf(error)}`);
    }
  };

  return (
    <tr>
      <td className="bo-developers-url">
        <code>{endpoint.url}</code>
      </td>
      <td className="bo-developers-wrap">{endpoint.description || DEVELOPER_TEXTS.noValue}</td>
      <td>
        <ul className="bo-developers-types">
          {endpoint.eventTypes.map((type) => (
            <li key={type}>
              <code>{type}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="bo-developers-status-cell">
        <EndpointStatus endpoint={endpoint} />
      </td>
      <td>
        <div className="bo-developers-actions">
          <Switch
            checked={endpoint.enabled}
            disabled={changing.isLoading}
            aria-busy={changing.isLoading || undefined}
            label={`Enabled: ${endpoint.url}`}
            hideLabel
            onCheckedChange={(enabled) => void setEnabled(enabled)}
          />
          <RowDialogButton action="Edit" target={endpoint.url} onClick={onEdit} />
          <Button
            variant="secondary"
            busy={testing.isLoading}
            aria-label={`Send test event to ${endpoint.url}`}
            onClick={() => void test()}
          >
            Send test event
          </Button>
          <RowDialogButton action="Recover" target={endpoint.url} onClick={onRecover} />
          <RowDialogButton action="Delete" target={endpoint.url} onClick={onDelete} />
        </div>
      </td>
    </tr>
  );
};

const EndpointsTable = ({
  endpoints,
  busy,
  onEdit,
  onRecover,
  onDelete,
}: {
  endpoints: readonly WebhookEndpoint[];
  busy: boolean;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onRecover: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}) => (
  <ListTable caption={DEVELOPER_TEXTS.endpoints} busy={busy}>
    <thead>
      <tr>
        <th scope="col">URL</th>
        <th scope="col">Description</th>
        <th scope="col">Event types</th>
        <th scope="col">Status</th>
        <th scope="col">
          <span className="bo-visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
    <tbody>
      {endpoints.map((endpoint) => (
        <EndpointRow
          key={endpoint.id}
          endpoint={endpoint}
          onEdit={() => onEdit(endpoint)}
          onRecover={() => onRecover(endpoint)}
          onDelete={() => onDelete(endpoint)}
        />
      ))}
    </tbody>
  </ListTable>
);

type Opened =
  | { kind: 'edit'; endpoint?: WebhookEndpoint }
  | { kind: 'recover'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | null;

/**
 * Webhook endpoints (issue 23 item 2): where events are sent, with their types and state; Add,
 * Edit, Enable/Disable, Send test event, Recover (send again what it did not receive) and Delete.
 */
export const WebhookEndpointsSection = ({ merchantId }: { merchantId: number | undefined }) => {
  const endpoints = useGetWebhookEndpointsQuery({ merchantId });
  const [opened, setOpened] = useState<Opened>(null);
  const close = () => setOpened(null);

  return (
    <DeveloperSection
      headingId="developers-endpoints"
      title={DEVELOPER_TEXTS.endpoints}
      actions={
        <Button aria-haspopup="dialog" onClick={() => setOpened({ kind: 'edit' })}>
          {DEVELOPER_TEXTS.addEndpoint}
        </Button>
      }
      intro={DEVELOPER_TEXTS.endpointsIntro}
    >
      <WholeList
        query={endpoints}
        loadFailed={DEVELOPER_TEXTS.endpointsFailed}
        loading={DEVELOPER_TEXTS.loadingEndpoints}
        nothingFound={DEVELOPER_TEXTS.noEndpoints}
      >
        {(items) => (
          <EndpointsTable
            endpoints={items}
            busy={endpoints.isFetching}
            onEdit={(endpoint) => setOpened({ kind: 'edit', endpoint })}
            onRecover={(endpoint) => setOpened({ kind: 'recover', endpoint })}
            onDelete={(endpoint) => setOpened({ kind: 'delete', endpoint })}
          />
        )}
      </WholeList>
      {opened?.kind === 'edit' ? (
        <WebhookEndpointDialog merchantId={merchantId} endpoint={opened.endpoint} onClose={close} />
      ) : null}
      {opened?.kind === 'recover' ? (
        <RecoverDeliveriesDialog endpoint={opened.endpoint} onClose={close} />
      ) : null}
      {opened?.kind === 'delete' ? (
        <DeleteEndpointDialog endpoint={opened.endpoint} onClose={close} />
      ) : null}
    </DeveloperSection>
  );
};
