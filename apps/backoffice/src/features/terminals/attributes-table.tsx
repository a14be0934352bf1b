import { ATTRIBUTE_PARAM_TYPE_NAMES, isEmptyAttributeValue } from '@paygate/domain';
import { Badge, Button, EmptyState } from '@paygate/ui';
import type { FormikProps } from 'formik';
import { useId } from 'react';
import { AttributeValueInput } from './attribute-value-input.tsx';
import type { AttributeRow, TerminalFormValues } from './terminal-form.ts';
import { TERMINAL_TEXTS } from './terminal-messages.ts';

export interface AttributesTableProps {
  form: FormikProps<TerminalFormValues>;
  /** Values can be changed, added and removed (terminal.attr.read and terminal.prod.change). */
  editable: boolean;
  /** The attribute type whose removal is running. */
  removingTypeId: number | null;
  onRemove: (row: AttributeRow) => void;
  /** Opens the add-attribute dialog; undefined while no type is left to add. */
  onAdd: (() => void) | undefined;
  /** The attribute types are still loading. */
  typesLoading: boolean;
}

const rowErrorOf = (form: FormikProps<TerminalFormValues>, index: number) => {
  const errors = form.errors.attributes;
  const error = Array.isArray(errors) ? errors[index] : undefined;
  if (!error || typeof error === 'string') return error;
  const touched = form.touched.attributes?.[index]?.value;
  return touched || form.submitCount > 0 ? error.value : undefined;
};

/** SPEC §2, §6 attributes table of a terminal (terminal.attr.read): type, param type, value. */
export const AttributesTable = ({
  form,
  editable,
  removingTypeId,
  onRemove,
  onAdd,
  typesLoading,
}: AttributesTableProps) => {
  const headingId = `${useId()}attributes`;
  const rows = form.values.attributes;
  return (
    <section aria-labelledby={headingId} className="bo-terminal-attributes">
      <div className="bo-terminal-attributes__header">
        <h3 id={headingId}>Attributes</h3>
        {editable ? (
          <Button variant="secondary" onClick={onAdd} disabled={!onAdd} busy={typesLoading}>
            Add attribute
          </Button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState text="No attributes" />
      ) : (
        <div className="bo-terminal-attributes__scroll">
          <table className="bo-terminal-attributes__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Param type</th>
                <th scope="col">Value</th>
                {editable ? (
                  <th scope="col">
                    <span className="bo-visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.attrTypeId}>
                  <th scope="row">
                    {row.typeName}
                    {row.savedValue === null && (
                      <>
                        {' '}
                        <Badge kind="primary">New</Badge>
                      </>
                    )}
                  </th>
                  <td>{row.paramType ? ATTRIBUTE_PARAM_TYPE_NAMES[row.paramType] : '-'}</td>
                  <td>
                    {editable && row.paramType ? (
                      <AttributeValueInput
                        label={`Value of ${row.typeName}`}
                        hideLabel
                        name={`attributes.${index}.value`}
                        paramType={row.paramType}
                        value={row.value}
                        onChange={(value) => {
                          void form.setFieldValue(`attributes.${index}.value`, value);
                          void form.setFieldTouched(`attributes.${index}.value`, true, false);
                        }}
                        onBlur={form.handleBlur}
                        error={rowErrorOf(form, index)}
                        hint={
                          isEmptyAttributeValue(row.value)
                            ? TERMINAL_TEXTS.emptyValueHint
                            : undefined
                        }
                      />
                    ) : (
                      row.value
                    )}
                  </td>
                  {editable ? (
                    <td>
                      <Button
                        variant="danger"
                        aria-label={`Remove ${row.typeName}`}
                        busy={removingTypeId === row.attrTypeId}
                        disabled={removingTypeId !== null && removingTypeId !== row.attrTypeId}
                        onClick={() => onRemove(row)}
                      >
                        Remove
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
