import {
  errorMessageOf,
  type TerminalDetails,
  useDeleteTerminalAttributeMutation,
  useGetReferenceListQuery,
  useGetTerminalQuery,
  useSaveTerminalMutation,
  useSwitchTerminalMutation,
} from '@paygate/api';
import { REFERENCE_HEADER_IDS, type TerminalAccess } from '@paygate/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  Spinner,
  Switch,
  TestBadge,
  TextField,
  useToast,
} from '@paygate/ui';
import { useFormik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { AddAttributeDialog } from './add-attribute-dialog.tsx';
import { AttributesTable } from './attributes-table.tsx';
import {
  type AttributeRow,
  attributeTypesOf,
  hasUnsavedChanges,
  savePayload,
  type TerminalFormValues,
  terminalFormSchema,
  terminalFormValues,
} from './terminal-form.ts';
import { productionConfirmationText, TERMINAL_TEXTS } from './terminal-messages.ts';

interface TerminalViewProps {
  terminal: TerminalDetails;
  merchantId: number | undefined;
  access: TerminalAccess;
  /** Told whether the form has unsaved changes, and false once the form is gone. */
  onUnsavedChange?: (unsaved: boolean) => void;
}

/** The enabled toggle: PATCH `enable`, showing the requested state until the terminal has it. */
const useEnabledToggle = (terminal: TerminalDetails, merchantId: number | undefined) => {
  const toast = useToast();
  const [switchTerminal, { isLoading }] = useSwitchTerminalMutation();
  const [requested, setRequested] = useState<boolean | null>(null);

  useEffect(() => {
    if (requested === terminal.enable) setRequested(null);
  }, [requested, terminal.enable]);

  const toggle = async (enable: boolean) => {
    setRequested(enable);
    try {
      const result = await switchTerminal({ terminalId: terminal.id, merchantId, enable }).unwrap();
      toast.success(TERMINAL_TEXTS.changed);
      if (result.enable !== enable) setRequested(null);
    } catch (error) {
      setRequested(null);
      toast.error(errorMessageOf(error));
    }
  };
  return { enabled: requested ?? terminal.enable, busy: isLoading, toggle };
};

/** Test → production after a confirmation (SPEC §4, terminal.prod.change). */
const useProductionSwitch = (terminal: TerminalDetails, merchantId: number | undefined) => {
  const toast = useToast();
  const [switchTerminal, { isLoading, isSuccess }] = useSwitchTerminalMutation();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await switchTerminal({ terminalId: terminal.id, merchantId, isTest: false }).unwrap();
      toast.success(TERMINAL_TEXTS.changed);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessageOf(error));
    }
  };
  return {
    // Production as soon as the switch succeeded, before the terminal is read again.
    isTest: terminal.isTest && !isSuccess,
    busy: isLoading,
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
  };
};

/** One terminal: its facts, the enabled and production switches, and the name and attributes form. */
const TerminalView = ({ terminal, merchantId, access, onUnsavedChange }: TerminalViewProps) => {
  const toast = useToast();
  const [saveTerminal] = useSaveTerminalMutation();
  const [deleteAttribute] = useDeleteTerminalAttributeMutation();
  const enabled = useEnabledToggle(terminal, merchantId);
  const production = useProductionSwitch(terminal, merchantId);
  const [adding, setAdding] = useState(false);
  const [removingTypeId, setRemovingTypeId] = useState<number | null>(null);
  const attributeTypes = useGetReferenceListQuery(
    { refHeaderId: REFERENCE_HEADER_IDS.terminalAttributeType },
    { skip: !access.editAttributes },
  );

  const form = useFormik<TerminalFormValues>({
    initialValues: terminalFormValues(terminal),
    validationSchema: terminalFormSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await saveTerminal({
          terminalId: terminal.id,
          merchantId,
          ...savePayload(values),
        }).unwrap();
        toast.success(TERMINAL_TEXTS.changed);
        helpers.resetForm({ values: terminalFormValues(saved) });
      } catch (error) {
        // SPEC §8: the server's message field when it sent one.
        toast.error(errorMessageOf(error));
      }
    },
  });

  const unsaved = hasUnsavedChanges(form.values, form.initialValues);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);

  const rows = form.values.attributes;
  const addableTypes = useMemo(
    () =>
      attributeTypesOf(attributeTypes.data).filter(
        (type) => !rows.some((row) => row.attrTypeId === type.id),
      ),
    [attributeTypes.data, rows],
  );

  const dropRow = (row: AttributeRow) => {
    void form.setValues((values) => ({
      ...values,
      attributes: values.attributes.filter(({ attrTypeId }) => attrTypeId !== row.attrTypeId),
    }));
    void form.setTouched({ ...form.touched, attributes: [] }, false);
  };

  const remove = async (row: AttributeRow) => {
    // A row added since the last save exists only here.
    if (row.savedValue === null) {
      dropRow(row);
      return;
    }
    setRemovingTypeId(row.attrTypeId);
    try {
      await deleteAttribute({
        terminalId: terminal.id,
        attributeId: row.attrTypeId,
        merchantId,
      }).unwrap();
      toast.success(TERMINAL_TEXTS.removed);
      dropRow(row);
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setRemovingTypeId(null);
    }
  };

  return (
    <>
      <dl className="bo-terminal-facts">
        <div>
          <dt>ID</dt>
          <dd>{terminal.id}</dd>
        </div>
        <div>
          <dt>Flow type</dt>
          <dd>{terminal.paymentFlow}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{terminal.currency.code}</dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd>
            {production.isTest ? <TestBadge /> : <Badge kind="success">Production</Badge>}
            {production.isTest && access.switchToProduction ? (
              <Button variant="secondary" busy={production.busy} onClick={production.ask}>
                Switch to production
              </Button>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Enabled</dt>
          <dd>
            <Switch
              label="Enabled"
              hideLabel
              checked={enabled.enabled}
              disabled={!access.manage || enabled.busy}
              aria-busy={enabled.busy || undefined}
              onCheckedChange={(checked) => void enabled.toggle(checked)}
            />
          </dd>
        </div>
      </dl>

      <form className="bo-form bo-terminal-form" noValidate onSubmit={form.handleSubmit}>
        <TextField
          label="Name"
          name="name"
          required={access.manage}
          readOnly={!access.manage}
          autoComplete="off"
          value={form.values.name}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={form.touched.name || form.submitCount > 0 ? form.errors.name : undefined}
        />
        {access.readAttributes ? (
          <AttributesTable
            form={form}
            editable={access.editAttributes}
            removingTypeId={removingTypeId}
            onRemove={(row) => void remove(row)}
            onAdd={addableTypes.length > 0 ? () => setAdding(true) : undefined}
            typesLoading={attributeTypes.isLoading}
          />
        ) : null}
        {access.manage ? (
          <div className="bo-form-actions">
            <Button type="submit" busy={form.isSubmitting}>
              Save
            </Button>
          </div>
        ) : null}
      </form>

      {adding ? (
        <AddAttributeDialog
          types={addableTypes}
          onClose={() => setAdding(false)}
          onAdd={(row) => {
            void form.setFieldValue('attributes', [...form.values.attributes, row]);
            setAdding(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={production.confirming}
        title="Switch to production"
        message={productionConfirmationText(terminal.name)}
        busy={production.busy}
        onConfirm={() => void production.confirm()}
        onCancel={production.cancel}
      />
    </>
  );
};

export interface TerminalPanelProps {
  terminalId: number;
  merchantId: number | undefined;
  access: TerminalAccess;
  /** Told whether the terminal's form has unsaved changes (false while there is no form). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

/**
 * Content of the selected terminal's tab panel: GET /api/v1/terminal/{id} (attributes with
 * terminal.attr.read).
 */
export const TerminalPanel = ({
  terminalId,
  merchantId,
  access,
  onUnsavedChange,
}: TerminalPanelProps) => {
  const details = useGetTerminalQuery({ terminalId, merchantId });
  const terminal = details.currentData;
  if (terminal) {
    // A form per terminal: switching tabs never carries one terminal's edits to another. The page
    // asks before a switch drops unsaved changes, and a search never switches.
    return (
      <TerminalView
        key={terminal.id}
        terminal={terminal}
        merchantId={merchantId}
        access={access}
        onUnsavedChange={onUnsavedChange}
      />
    );
  }
  if (details.isError) {
    return (
      <div role="alert" className="bo-terminals-error">
        <p>Could not load the terminal: {errorMessageOf(details.error)}</p>
        <Button
          variant="secondary"
          busy={details.isFetching}
          onClick={() => void details.refetch()}
        >
          Retry
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading terminal" />;
};
