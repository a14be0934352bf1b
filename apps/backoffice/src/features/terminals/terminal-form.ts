import type { ReferenceItem, SaveTerminalRequest, Terminal, TerminalDetails } from '@paygate/api';
import {
  type AttributeParamType,
  attributeChangeError,
  dropEmptyAttributes,
  isAttributeParamType,
  isEmptyAttributeValue,
  matchesSearch,
  normaliseAttributeValue,
  validateAttributeValue,
  validateEntityName,
} from '@paygate/domain';
import * as yup from 'yup';

/** One row of the attributes table: a saved attribute, or one added since the last save. */
export interface AttributeRow {
  /** The attribute type (reference list 105); a terminal has at most one attribute per type. */
  attrTypeId: number;
  typeName: string;
  /** Null for a type without a known parameter type: shown, never sent. */
  paramType: AttributeParamType | null;
  /** The type's code (ALERT_SUCCESS_RATE_MIN…): some codes bound their values. */
  typeCode: string | null;
  value: string;
  /**
   * The value the server has, null for a row added in this form and not saved yet. A value kept
   * as it is is not judged again by what its attribute means (attributeChangeError).
   */
  savedValue: string | null;
}

export interface TerminalFormValues {
  name: string;
  attributes: AttributeRow[];
}

/** The form of a terminal as the server has it. */
export const terminalFormValues = (terminal: TerminalDetails): TerminalFormValues => ({
  name: terminal.name,
  attributes: (terminal.attributes ?? []).map((attribute) => ({
    attrTypeId: attribute.attributeId,
    typeName: attribute.attrType.value,
    paramType: isAttributeParamType(attribute.paramType.code) ? attribute.paramType.code : null,
    typeCode: attribute.attrType.code,
    value: attribute.value,
    savedValue: attribute.value,
  })),
});

/** An attribute type of reference list 105 the user can add: one with a known parameter type. */
export interface AttributeType {
  id: number;
  name: string;
  paramType: AttributeParamType;
  code: string | null;
}

export const attributeTypesOf = (items: readonly ReferenceItem[] | undefined): AttributeType[] =>
  (items ?? []).flatMap((item) =>
    isAttributeParamType(item.paramType)
      ? [{ id: item.id, name: item.value, paramType: item.paramType, code: item.code ?? null }]
      : [],
  );

/** A yup test that fails with the message a domain rule gives (null means fine). */
const ruleTest = <T>(rule: (value: T | undefined, context: yup.TestContext) => string | null) =>
  function test(this: yup.TestContext, value: T | undefined) {
    const message = rule(value, this);
    return message === null || this.createError({ message });
  };

/** SPEC §5 name rules ('Name is required', 'Name must be at least 3 characters long'). */
export const nameSchema = yup.string().test('name', ruleTest<string>(validateEntityName));

/**
 * SPEC §5 attribute value rule of a table row: an empty value is allowed there (it is dropped on
 * save); any other value must fit the row's parameter type and, once changed from `savedValue`,
 * what its attribute means (an alert setting's range, the fee rule), as the server judges a save:
 * a value saved before such a rule does not block the rest of the form.
 */
export const rowValueError = (
  paramType: AttributeParamType | null,
  value: string,
  typeCode: string | null = null,
  savedValue: string | null = null,
) =>
  paramType === null || isEmptyAttributeValue(value)
    ? null
    : attributeChangeError(paramType, value, typeCode, savedValue);

export const terminalFormSchema = yup.object({
  name: nameSchema,
  attributes: yup.array().of(
    yup.object({
      value: yup.string().test(
        'value',
        ruleTest<string>((value, context) =>
          rowValueError(
            (context.parent as AttributeRow).paramType,
            value ?? '',
            (context.parent as AttributeRow).typeCode,
            (context.parent as AttributeRow).savedValue,
          ),
        ),
      ),
    }),
  ),
});

/**
 * PUT /api/v1/terminal/{id}: the name and the attribute values (SPEC §7). Empty-valued
 * attributes are dropped (SPEC §5), and so are those of a type without a parameter type, which
 * the server does not accept; attributes left out stay as they are.
 */
export const savePayload = (values: TerminalFormValues): SaveTerminalRequest => ({
  name: values.name.trim(),
  attributes: dropEmptyAttributes(values.attributes)
    .filter((row) => row.paramType !== null)
    .map((row) => ({
      value: normaliseAttributeValue(row.value),
      attrType: { id: row.attrTypeId },
    })),
});

/** The add-attribute dialog: a type, and a value that fits it (required here, SPEC §5). */
export interface NewAttributeValues {
  attrTypeId: string;
  value: string;
}

export const newAttributeSchema = (types: readonly AttributeType[], messages: { type: string }) =>
  yup.object({
    attrTypeId: yup.string().required(messages.type),
    value: yup.string().test(
      'value',
      ruleTest<string>((value, context) => {
        const chosen = types.find(
          (type) => String(type.id) === (context.parent as NewAttributeValues).attrTypeId,
        );
        // Without a type only emptiness can be judged ('Value is required').
        return chosen
          ? validateAttributeValue(chosen.paramType, value ?? '', chosen.code)
          : isEmptyAttributeValue(value)
            ? validateAttributeValue('S', value)
            : null;
      }),
    ),
  });

/** SPEC §5 terminal search: case-insensitive and whitespace-ignoring, on the name or the id. */
export const searchTerminals = (terminals: readonly Terminal[], query: string): Terminal[] =>
  terminals.filter(
    (terminal) => matchesSearch(terminal.name, query) || matchesSearch(String(terminal.id), query),
  );

/**
 * Whether the form holds something the server does not have: a changed name, a changed value, or a
 * row added since the last save. A removed row is not one: it is removed on the server at once.
 */
export const hasUnsavedChanges = (values: TerminalFormValues, saved: TerminalFormValues) =>
  values.name !== saved.name ||
  values.attributes.some((row) => row.savedValue === null || row.value !== row.savedValue);
