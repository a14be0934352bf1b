import { FEE_PERCENT_VALUE_MESSAGE } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import {
  type AttributeRow,
  hasUnsavedChanges,
  rowValueError,
  savePayload,
  searchTerminals,
} from './terminal-form.ts';
import { TERMINALS } from './terminals-test-fixtures.ts';

const row = (
  attrTypeId: number,
  value: string,
  overrides: Partial<AttributeRow> = {},
): AttributeRow => ({
  attrTypeId,
  typeName: `Type ${attrTypeId}`,
  paramType: 'S' as const,
  typeCode: null,
  value,
  savedValue: value,
  ...overrides,
});

describe('savePayload', () => {
  it('trims the name and sends only non-empty values of known parameter types', () => {
    expect(
      savePayload({
        name: '  UZS main ',
        attributes: [
          row(1, ' 30 ', { paramType: 'I' }),
          row(2, ''),
          row(3, '   '),
          row(4, 'kept as is', { paramType: null }),
          row(5, 'true', { paramType: 'B', savedValue: null }),
        ],
      }),
    ).toEqual({
      name: 'UZS main',
      attributes: [
        { value: '30', attrType: { id: 1 } },
        { value: 'true', attrType: { id: 5 } },
      ],
    });
  });
});

describe('rowValueError', () => {
  it('lets an empty table value through (it is dropped) and checks the others', () => {
    expect(rowValueError('I', '')).toBeNull();
    expect(rowValueError('I', '  ')).toBeNull();
    expect(rowValueError('I', '4.5')).toBe('value is not Integer');
    expect(rowValueError('S', 'a\u0007')).toBe('value is not String');
    expect(rowValueError('C', 'ab')).toBe('value is not Char');
    expect(rowValueError('N', '4')).toBe('value is not Numeric');
    expect(rowValueError('B', 'yes')).toBe('value is not Boolean');
    expect(rowValueError(null, 'anything')).toBeNull();
  });

  it('holds an alert setting to its range, as the server does on save', () => {
    expect(rowValueError('I', '101', 'ALERT_SUCCESS_RATE_MIN')).toBe(
      'Value must be a whole number from 0 to 100',
    );
    expect(rowValueError('I', ' 100 ', 'ALERT_SUCCESS_RATE_MIN')).toBeNull();
    expect(rowValueError('I', '0', 'ALERT_WINDOW_MINUTES')).toBe(
      'Value must be a whole number from 1 to 1440',
    );
    expect(rowValueError('I', '4.5', 'ALERT_MIN_ATTEMPTS')).toBe('value is not Integer');
    // Other integer attributes have no range.
    expect(rowValueError('I', '100000000', 'CALLBACK_TIMEOUT')).toBeNull();
  });

  it('judges what an attribute means only once its value changes, as the server does', () => {
    // A fee percent saved before the fee rule: left as it is, it does not block the form.
    expect(rowValueError('N', '150.25', 'FEE_PERCENT', '150.25')).toBeNull();
    expect(rowValueError('N', ' 150.25 ', 'FEE_PERCENT', '150.25')).toBeNull();
    expect(rowValueError('N', '150.5', 'FEE_PERCENT', '150.25')).toBe(FEE_PERCENT_VALUE_MESSAGE);
    expect(rowValueError('N', '150.5', 'FEE_PERCENT')).toBe(FEE_PERCENT_VALUE_MESSAGE);
    // Its parameter type is judged whatever was saved; a whole fee percent fits it.
    expect(rowValueError('N', '2a', 'FEE_PERCENT', '2a')).toBe('value is not Numeric');
    expect(rowValueError('N', '2', 'FEE_PERCENT', '2')).toBeNull();
  });
});

describe('searchTerminals', () => {
  const names = (query: string) => searchTerminals(TERMINALS as never, query).map((t) => t.name);

  it('matches names ignoring case and whitespace, and ids', () => {
    expect(names('')).toEqual(['UZS deposits', 'RUB Payouts', 'KGS Deposits Main']);
    expect(names('rubpay OUTS')).toEqual(['RUB Payouts']);
    expect(names(' 1 3 ')).toEqual(['KGS Deposits Main']);
    expect(names('eur')).toEqual([]);
  });
});

describe('hasUnsavedChanges', () => {
  const saved = { name: 'UZS deposits', attributes: [row(1, '30'), row(2, 'Shop')] };

  it('sees a changed name, a changed value and a row added since the last save', () => {
    expect(hasUnsavedChanges(saved, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, name: 'UZS deposits renamed' }, saved)).toBe(true);
    expect(
      hasUnsavedChanges({ ...saved, attributes: [row(1, '45', { savedValue: '30' })] }, saved),
    ).toBe(true);
    expect(
      hasUnsavedChanges(
        { ...saved, attributes: [...saved.attributes, row(3, 'x', { savedValue: null })] },
        saved,
      ),
    ).toBe(true);
  });

  it('does not count a removed row, already removed on the server', () => {
    expect(hasUnsavedChanges({ ...saved, attributes: [row(1, '30')] }, saved)).toBe(false);
  });
});
