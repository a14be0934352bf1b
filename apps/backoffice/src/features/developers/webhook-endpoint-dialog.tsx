import {
  useChangeWebhookEndpointMutation,
  useCreateWebhookEndpointMutation,
  type WebhookEndpoint,
} from '@paygate/api';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
} from '@paygate/domain';
import { TextField, useToast } from '@paygate/ui';
import { Checklist } from './checklist.tsx';
import { EMPTY_ENDPOINT, type EndpointFormValues, endpointSchema } from './developer-forms.ts';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { FormDialog, useFormDialog } from './form-dialog.tsx';

export interface WebhookEndpointDialogProps {
  merchantId: number | undefined;
  /** The endpoint to change; a new one without it. */
  endpoint?: WebhookEndpoint | undefined;
  onClose: () => void;
}

const valuesOf = (endpoint: WebhookEndpoint | undefined): EndpointFormValues =>
  endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => endpoint.eventTypes.includes(type)),
      }
    : EMPTY_ENDPOINT;

/**
 * Add endpoint (POST) and Edit (PATCH /api/v1/developers/webhook-endpoints/{id}): the URL, a
 * description and the event types it receives. Mounted while open.
 */
export const WebhookEndpointDialog = ({
  merchantId,
  endpoint,
  onClose,
}: WebhookEndpointDialogProps) => {
  const toast = useToast();
  const [createEndpoint] = useCreateWebhookEndpointMutation();
  const [changeEndpoint] = useChangeWebhookEndpointMutation();
  const dialog = useFormDialog<EndpointFormValues>({
    initialValues: valuesOf(endpoint),
    validationSchema: endpointSchema,
    onSubmit: async (values) => {
      const body = {
        url: values.url.trim(),
        description: values.description.trim(),
        eventTypes: values.eventTypes,
      };
      if (endpoint) {
        await changeEndpoint({ endpointId: endpoint.id, ...body }).unwrap();
        toast.success(DEVELOPER_TEXTS.endpointSaved);
      } else {
        await createEndpoint({
          ...(merchantId === undefined ? {} : { merchantId }),
          ...body,
        }).unwrap();
        toast.success(DEVELOPER_TEXTS.endpointAdded);
      }
      onClose();
    },
    onClose,
  });

  return (
    <FormDialog
      control={dialog}
      title={endpoint ? 'Edit endpoint' : DEVELOPER_TEXTS.addEndpoint}
      width={600}
      submitLabel={endpoint ? 'Save' : 'Add'}
    >
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        required
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        placeholder="https://"
        {...dialog.fieldProps('url')}
        hint="Where the events are POSTed; use https:// outside tests."
      />
      <TextField
        label="Description"
        autoComplete="off"
        // maxlength counts UTF-16 units, the rule characters (as for the API key label).
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH * 2}
        {...dialog.fieldProps('description')}
        hint="Optional: what receives them."
      />
      <Checklist
        legend="Event types"
        items={WEBHOOK_EVENT_TYPES}
        labelOf={(type) => <code>{type}</code>}
        {...dialog.checklistProps('eventTypes')}
      />
    </FormDialog>
  );
};
