import { type CreatedApiKey, useCreateApiKeyMutation } from '@paygate/api';
import {
  API_KEY_LABEL_MAX_LENGTH,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  permissionMissingForScope,
} from '@paygate/domain';
import { TextField, useToast } from '@paygate/ui';
import { useCurrentPerson } from '../session/current-person.tsx';
import { Checklist } from './checklist.tsx';
import { type ApiKeyFormValues, apiKeySchema, EMPTY_API_KEY } from './developer-forms.ts';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { FormDialog, useFormDialog } from './form-dialog.tsx';

export interface CreateApiKeyDialogProps {
  merchantId: number | undefined;
  onClose: () => void;
  /** Called with the new key and its one-time secret. */
  onCreated: (key: CreatedApiKey) => void;
}

/**
 * Create API key (POST /api/v1/developers/api-keys): a label and at least one scope. The
 * server's refusal (e.g. too many keys) shows in the dialog, which stays open. Mounted while open.
 * Only the scopes the person may give are offered (the server refuses the others); the ones
 * withheld are named with the permission they need.
 */
export const CreateApiKeyDialog = ({ merchantId, onClose, onCreated }: CreateApiKeyDialogProps) => {
  const toast = useToast();
  const person = useCurrentPerson();
  const offered = API_KEY_SCOPES.filter(
    (scope) => permissionMissingForScope(person, scope) === null,
  );
  const withheld = API_KEY_SCOPES.flatMap((scope) => {
    const permission = permissionMissingForScope(person, scope);
    return permission === null ? [] : [{ scope, permission }];
  });
  const [createKey] = useCreateApiKeyMutation();
  const dialog = useFormDialog<ApiKeyFormValues>({
    initialValues: EMPTY_API_KEY,
    validationSchema: apiKeySchema,
    onSubmit: async (values) => {
      const created = await createKey({
        ...(merchantId === undefined ? {} : { merchantId }),
        label: values.label.trim(),
        scopes: values.scopes,
      }).unwrap();
      toast.success(DEVELOPER_TEXTS.apiKeyCreated);
      onCreated(created);
    },
    onClose,
  });

  return (
    <FormDialog
      control={dialog}
      title={DEVELOPER_TEXTS.createApiKey}
      width={560}
      submitLabel="Create"
    >
      <TextField
        label="Label"
        required
        autoComplete="off"
        // maxlength counts UTF-16 units, the rule characters (an emoji is two units, one
        // character): the browser only stops a runaway paste, the rule says what is too long.
        maxLength={API_KEY_LABEL_MAX_LENGTH * 2}
        {...dialog.fieldProps('label')}
        hint="What the key is for, e.g. the server that uses it."
      />
      <Checklist
        legend="Scopes"
        items={offered}
        labelOf={(scope) => (
          <>
            {API_KEY_SCOPE_LABELS[scope]} <code>{scope}</code>
          </>
        )}
        {...dialog.checklistProps('scopes')}
      />
      {withheld.map(({ scope, permission }) => (
        <p key={scope} className="bo-developers-note">
          {DEVELOPER_TEXTS.scopeWithheld(API_KEY_SCOPE_LABELS[scope], scope, permission)}
        </p>
      ))}
    </FormDialog>
  );
};
