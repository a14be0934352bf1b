import { ATTRIBUTE_PARAM_TYPE_NAMES } from '@paygate/domain';
import { Button, Dialog, Select } from '@paygate/ui';
import { useFormik } from 'formik';
import { useId } from 'react';
import { AttributeValueInput } from './attribute-value-input.tsx';
import {
  type AttributeRow,
  type AttributeType,
  type NewAttributeValues,
  newAttributeSchema,
} from './terminal-form.ts';
import { TERMINAL_TEXTS } from './terminal-messages.ts';

export interface AddAttributeDialogProps {
  /** The attribute types the terminal does not have yet. */
  types: readonly AttributeType[];
  onAdd: (row: AttributeRow) => void;
  onClose: () => void;
}

/**
 * Adds a row to the attributes table: the chosen type's parameter type decides the input
 * (Boolean is a true/false choice) and the value must fit it (SPEC §5). Save sends it. A click
 * beside the dialog closes it only while nothing was typed or chosen; Escape, × and Cancel always
 * do.
 */
export const AddAttributeDialog = ({ types, onAdd, onClose }: AddAttributeDialogProps) => {
  const formId = useId();
  const form = useFormik<NewAttributeValues>({
    initialValues: { attrTypeId: '', value: '' },
    validationSchema: newAttributeSchema(types, { type: TERMINAL_TEXTS.attributeTypeRequired }),
    onSubmit: (values) => {
      const type = types.find((candidate) => String(candidate.id) === values.attrTypeId);
      if (!type) return;
      onAdd({
        attrTypeId: type.id,
        typeName: type.name,
        paramType: type.paramType,
        typeCode: type.code,
        value: values.value,
        savedValue: null,
      });
    },
  });
  const chosen = types.find((type) => String(type.id) === form.values.attrTypeId);
  const errorOf = (field: keyof NewAttributeValues) =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add attribute"
      // A stray click beside the dialog must not throw away what was typed or chosen.
      closeOnBackdropClick={!form.dirty}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Add
          </Button>
        </>
      }
    >
      <form id={formId} className="bo-form" noValidate onSubmit={form.handleSubmit}>
        <Select
          label="Attribute type"
          name="attrTypeId"
          required
          placeholder="Not selected"
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          value={form.values.attrTypeId}
          onChange={(value) => {
            // Another type may want another kind of value (a Boolean is chosen, not typed).
            void form.setValues({ attrTypeId: value, value: '' });
          }}
          onBlur={form.handleBlur}
          error={errorOf('attrTypeId')}
          hint={chosen ? `Param type: ${ATTRIBUTE_PARAM_TYPE_NAMES[chosen.paramType]}` : undefined}
        />
        <AttributeValueInput
          label="Value"
          name="value"
          paramType={chosen?.paramType ?? null}
          value={form.values.value}
          onChange={(value) => void form.setFieldValue('value', value)}
          onBlur={form.handleBlur}
          error={errorOf('value')}
          required
        />
      </form>
    </Dialog>
  );
};
