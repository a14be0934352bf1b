import {
  type AccountCredential,
  errorMessageOf,
  type ReferenceItem,
  useAddAccountCredentialMutation,
  useChangeAccountCredentialMutation,
  useGetReferenceListQuery,
} from '@paygate/api';
import {
  type CredentialValueRules,
  isCredentialParamType,
  normaliseCredentialValue,
  REFERENCE_HEADER_IDS,
  validateCredentialDraft,
} from '@paygate/domain';
import { Button, Dialog, Select, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { fieldErrorsOf } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

interface CredentialValues {
  credentialTypeId: string;
  paramTypeId: string;
  value: string;
}

const valuesOf = (credential: AccountCredential | undefined): CredentialValues =>
  credential
    ? {
        credentialTypeId: String(credential.credentialType.id),
        paramTypeId: String(credential.paramType.id),
        value: credential.value,
      }
    : { credentialTypeId: '', paramTypeId: '', value: '' };

/**
 * What the value is checked against once both types are chosen: the requisite type's code (CARD
 * and PHONE have shapes of their own), the parameter type and the account's currency. Null when
 * the chosen parameter type is not one of I, S, C, B, N: the server then has the last word.
 */
const rulesOf = (
  credentialTypeId: number,
  paramTypeId: number,
  types: readonly ReferenceItem[],
  paramTypes: readonly ReferenceItem[],
  currencyCode: string,
): CredentialValueRules | null => {
  const paramTypeItem = paramTypes.find((item) => item.id === paramTypeId);
  const paramType = paramTypeItem?.paramType ?? paramTypeItem?.code;
  if (!isCredentialParamType(paramType)) return null;
  const credentialTypeCode = types.find((item) => item.id === credentialTypeId)?.code ?? null;
  return { paramType, credentialTypeCode, currencyCode };
};

const optionsOf = (items: readonly ReferenceItem[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.id, label: item.value }));

const loadHint = (what: string, query: { isError: boolean; error?: unknown }) =>
  query.isError ? `Could not load the ${what}: ${errorMessageOf(query.error)}` : undefined;

export interface CredentialDialogProps {
  account: { id: number; currency: { code: string } };
  /** The credential to change; a new one is added without it. */
  credential?: AccountCredential;
  onClose: () => void;
}

/**
 * Add or change a credential (SPEC §5: type, parameter type and value required). The value is
 * also checked the way the server will (decision 0005: parameter type, Luhn for cards, the phone
 * form of the account's currency) so most mistakes show under the field; any refusal the server
 * still gives (e.g. a second credential of one type) is toasted with its message.
 */
export const CredentialDialog = ({ account, credential, onClose }: CredentialDialogProps) => {
  const [addCredential] = useAddAccountCredentialMutation();
  const [changeCredential] = useChangeAccountCredentialMutation();
  const toast = useToast();
  const types = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.requisiteType });
  const paramTypes = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.parameterType });

  const check = (values: CredentialValues) => {
    const draft = validateCredentialDraft(values);
    if (!draft.ok) return { errors: fieldErrorsOf(draft.errors), body: null };
    const { credentialTypeId, paramTypeId, value } = draft.value;
    const rules = rulesOf(
      credentialTypeId,
      paramTypeId,
      types.data ?? [],
      paramTypes.data ?? [],
      account.currency.code,
    );
    const normalised = rules ? normaliseCredentialValue(value, rules) : null;
    if (normalised && !normalised.ok) {
      return { errors: { value: normalised.message }, body: null };
    }
    return { errors: {}, body: { credentialTypeId, paramTypeId, value } };
  };

  const form = useFormik<CredentialValues>({
    initialValues: valuesOf(credential),
    validate: (values) => check(values).errors,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values) => {
      const { body } = check(values);
      if (!body) return;
      try {
        if (credential) {
          await changeCredential({
            accountId: account.id,
            credentialId: credential.id,
            ...body,
          }).unwrap();
        } else {
          await addCredential({ accountId: account.id, ...body }).unwrap();
        }
        toast.success(ACCOUNT_MESSAGES.changed);
        onClose();
      } catch (error) {
        toast.error(errorMessageOf(error));
      }
    },
  });

  return (
    <Dialog open onClose={onClose} title={credential ? 'Change credential' : 'Add credential'}>
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <Select
          label="Type"
          name="credentialTypeId"
          required
          placeholder="Not selected"
          options={optionsOf(types.data)}
          value={form.values.credentialTypeId}
          onChange={(value) => void form.setFieldValue('credentialTypeId', value)}
          disabled={types.isLoading}
          aria-busy={types.isLoading || undefined}
          error={form.errors.credentialTypeId}
          hint={loadHint('credential types', types)}
        />
        <Select
          label="Parameter type"
          name="paramTypeId"
          required
          placeholder="Not selected"
          options={optionsOf(paramTypes.data)}
          value={form.values.paramTypeId}
          onChange={(value) => void form.setFieldValue('paramTypeId', value)}
          disabled={paramTypes.isLoading}
          aria-busy={paramTypes.isLoading || undefined}
          error={form.errors.paramTypeId}
          hint={loadHint('parameter types', paramTypes)}
        />
        <TextField
          label="Value"
          name="value"
          required
          autoComplete="off"
          value={form.values.value}
          onChange={form.handleChange}
          error={form.errors.value}
        />
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            {credential ? 'Save' : 'Add'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
