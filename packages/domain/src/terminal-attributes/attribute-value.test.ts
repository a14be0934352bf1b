import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_PARAM_TYPE_NAMES,
  ATTRIBUTE_PARAM_TYPES,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  ATTRIBUTE_VALUE_MESSAGES,
  type AttributeParamType,
  attributeChangeError,
  dropEmptyAttributes,
  isAttributeParamType,
  isEmptyAttributeValue,
  normaliseAttributeValue,
  validateAttributeValue,
} from './attribute-value.ts';
import { FEE_PERCENT_ATTRIBUTE_CODE, FEE_PERCENT_VALUE_MESSAGE } from './fee-percent-attribute.ts';

const whitespace = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000'), { maxLength: 6 })
  .map((chars) => chars.join(''));

describe('parameter types', () => {
  it('are the five of SPEC §3 with their names', () => {
    expect(ATTRIBUTE_PARAM_TYPES).toEqual(['I', 'S', 'C', 'B', 'N']);
    expect(ATTRIBUTE_PARAM_TYPE_NAMES).toEqual({
      I: 'Integer',
      S: 'String',
      C: 'Char',
      B: 'Boolean',
      N: 'Numeric',
    });
  });

  it('recognises only those codes', () => {
    for (const type of ATTRIBUTE_PARAM_TYPES) expect(isAttributeParamType(type)).toBe(true);
    for (const other of ['i', 'X', '', 'II', null, undefined, 1]) {
      expect(isAttributeParamType(other)).toBe(false);
    }
  });

  it('has the SPEC §5 messages word for word', () => {
    expect(ATTRIBUTE_VALUE_MESSAGES).toMatchObject({
      required: 'Value is required',
      I: 'value is not Integer',
      S: 'value is not String',
      C: 'value is not Char',
      N: 'value is not Numeric',
    });
  });
});

describe('required (every type)', () => {
  it.each(ATTRIBUTE_PARAM_TYPES)('%s: nothing, empty or blank is "Value is required"', (type) => {
    for (const value of [undefined, null, '', ' ', '\t\n', '\u00a0']) {
      expect(validateAttributeValue(type, value)).toBe('Value is required');
    }
  });

  it('holds for any whitespace-only text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ATTRIBUTE_PARAM_TYPES), whitespace, (type, value) => {
        expect(validateAttributeValue(type, value)).toBe(ATTRIBUTE_VALUE_MESSAGES.required);
      }),
    );
  });

  it.each(ATTRIBUTE_PARAM_TYPES)('%s: a value that is not a string is not of the type', (type) => {
    for (const value of [42, 1.5, true, {}, ['1'], 10n]) {
      expect(validateAttributeValue(type, value)).toBe(ATTRIBUTE_VALUE_MESSAGES[type]);
    }
  });

  it('refuses values beyond the stored length, whatever the type', () => {
    expect(validateAttributeValue('S', 'x'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH))).toBeNull();
    expect(validateAttributeValue('S', 'x'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH + 1))).toBe(
      ATTRIBUTE_VALUE_MESSAGES.tooLong,
    );
    expect(validateAttributeValue('I', '1'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH + 1))).toBe(
      ATTRIBUTE_VALUE_MESSAGES.tooLong,
    );
    // Surrounding spaces do not count: they are not stored.
    expect(validateAttributeValue('S', ` ${'x'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH)} `)).toBeNull();
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ATTRIBUTE_PARAM_TYPES), fc.anything(), (type, value) => {
        const message = validateAttributeValue(type, value);
        expect(message === null || typeof message === 'string').toBe(true);
      }),
    );
  });
});

describe('I Integer', () => {
  it.each(['0', '7', '30', '-7', '-0', '007', ' 42 ', String(Number.MAX_SAFE_INTEGER)])(
    'accepts %j',
    (value) => {
      expect(validateAttributeValue('I', value)).toBeNull();
    },
  );

  it.each([
    '1.5',
    '1.0',
    '1e3',
    '+5',
    '- 5',
    '1 000',
    '1_000',
    '0x1F',
    'abc',
    '12a',
    '١٢',
    'Infinity',
    'NaN',
    String(Number.MAX_SAFE_INTEGER + 1),
    `-${Number.MAX_SAFE_INTEGER + 1}`,
  ])('refuses %j with "value is not Integer"', (value) => {
    expect(validateAttributeValue('I', value)).toBe('value is not Integer');
  });

  it('accepts the text of every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(validateAttributeValue('I', String(value))).toBeNull();
      }),
    );
  });

  it('refuses any text with a character other than digits and a leading minus', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !/^-?\d+$/.test(text.trim())),
        (text) => {
          fc.pre(!isEmptyAttributeValue(text));
          expect(validateAttributeValue('I', text)).toBe('value is not Integer');
        },
      ),
    );
  });
});

describe('S String', () => {
  it.each(['a', 'UZS deposits', 'Магазин', 'ß', '😀', 'a b\u00a0c', '  padded  '])(
    'accepts %j',
    (value) => {
      expect(validateAttributeValue('S', value)).toBeNull();
    },
  );

  it.each(['a\u0000b', 'line\nbreak', 'tab\there', 'bell\u0007', 'half \ud83d emoji'])(
    'refuses control characters and broken text %j',
    (value) => {
      expect(validateAttributeValue('S', value)).toBe('value is not String');
    },
  );

  it('accepts any non-blank text of printable characters', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 50 })
          .filter((text) => !/[\p{Cc}\p{Cs}]/u.test(text) && text.trim() !== ''),
        (text) => {
          expect(validateAttributeValue('S', text)).toBeNull();
        },
      ),
    );
  });
});

describe('C Char', () => {
  it.each(['x', 'Z', '7', '*', 'ж', '😀', ' x ', 'e\u0301'])('accepts %j', (value) => {
    expect(validateAttributeValue('C', value)).toBeNull();
  });

  it.each(['xy', 'ab c', '10', '😀😀', '\u0007', '\ud83d'])(
    'refuses %j with "value is not Char"',
    (value) => {
      expect(validateAttributeValue('C', value)).toBe('value is not Char');
    },
  );

  it('accepts exactly one printable code point and refuses two or more', () => {
    const printable = fc
      .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })
      .filter((text) => text.trim() !== '' && !/\p{Cc}/u.test(text));
    fc.assert(
      fc.property(printable, (char) => {
        expect(validateAttributeValue('C', char)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(printable, printable, (first, second) => {
        expect(validateAttributeValue('C', `${first}${second}`)).toBe('value is not Char');
      }),
    );
  });
});

describe('B Boolean', () => {
  it.each(['true', 'false', ' true '])('accepts %j', (value) => {
    expect(validateAttributeValue('B', value)).toBeNull();
  });

  it.each(['TRUE', 'False', 'yes', 'no', '1', '0', 'on', 't'])(
    'refuses %j: it must be chosen as true or false',
    (value) => {
      expect(validateAttributeValue('B', value)).toBe('value is not Boolean');
    },
  );
});

describe('N Numeric', () => {
  it.each(['12.5', '0.01', '1.50', '007.5', ' 3.14159 '])('accepts %j', (value) => {
    expect(validateAttributeValue('N', value)).toBeNull();
  });

  it.each([
    ['12', 'a whole number'],
    ['12.0', 'a whole number written with a dot'],
    ['0.000', 'zero'],
    ['1.2.3', 'two dots'],
    ['.5', 'no digit before the dot'],
    ['5.', 'no digit after the dot'],
    ['-1.5', 'a sign'],
    ['1,5', 'a comma'],
    ['1e-3', 'an exponent'],
    ['abc', 'letters'],
    [`${'9'.repeat(400)}.5`, 'beyond any floating-point number'],
  ])('refuses %j (%s) with "value is not Numeric"', (value) => {
    expect(validateAttributeValue('N', value)).toBe('value is not Numeric');
  });

  it('accepts digits.digits whose value is not whole, refuses whole numbers', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.stringMatching(/^\d{0,5}[1-9]\d{0,5}$/),
        (whole, fraction) => {
          expect(validateAttributeValue('N', `${whole}.${fraction}`)).toBeNull();
        },
      ),
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 6 }), (whole, zeros) => {
        const text = zeros === 0 ? String(whole) : `${whole}.${'0'.repeat(zeros)}`;
        expect(validateAttributeValue('N', text)).toBe('value is not Numeric');
      }),
    );
  });
});

describe('normalisation and dropping empties', () => {
  it('trims and composes, and is idempotent', () => {
    expect(normaliseAttributeValue('  e\u0301  ')).toBe('\u00e9');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = normaliseAttributeValue(text);
        expect(normaliseAttributeValue(once)).toBe(once);
      }),
    );
  });

  it('judges a value exactly as its normalised text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AttributeParamType>(...ATTRIBUTE_PARAM_TYPES),
        fc.string({ maxLength: 30 }),
        whitespace,
        (type, text, padding) => {
          expect(validateAttributeValue(type, `${padding}${text}${padding}`)).toBe(
            validateAttributeValue(type, normaliseAttributeValue(text)),
          );
        },
      ),
    );
  });

  it('drops nothing-, empty- and blank-valued attributes and keeps the order of the rest', () => {
    const attributes = [
      { value: '30', attrType: { id: 1 } },
      { value: '', attrType: { id: 2 } },
      { value: '   ', attrType: { id: 3 } },
      { attrType: { id: 4 } },
      { value: null, attrType: { id: 5 } },
      { value: 'x', attrType: { id: 6 } },
    ];
    expect(dropEmptyAttributes(attributes).map(({ attrType }) => attrType.id)).toEqual([1, 6]);
  });

  it('keeps every attribute with a non-blank value', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value: fc.option(fc.string()) })), (attributes) => {
        const kept = dropEmptyAttributes(attributes);
        expect(kept.every(({ value }) => !isEmptyAttributeValue(value))).toBe(true);
        expect(
          kept.length + attributes.filter(({ value }) => isEmptyAttributeValue(value)).length,
        ).toBe(attributes.length);
      }),
    );
  });
});

describe('with the type code', () => {
  it('holds an alert setting to its range once its parameter type fits', () => {
    expect(validateAttributeValue('I', '101', 'ALERT_SUCCESS_RATE_MIN')).toBe(
      'Value must be a whole number from 0 to 100',
    );
    expect(validateAttributeValue('I', ' 100 ', 'ALERT_SUCCESS_RATE_MIN')).toBeNull();
    // The parameter type's message comes first, and required before everything.
    expect(validateAttributeValue('I', '4.5', 'ALERT_WINDOW_MINUTES')).toBe('value is not Integer');
    expect(validateAttributeValue('I', ' ', 'ALERT_MIN_ATTEMPTS')).toBe('Value is required');
  });

  it('holds the fee percent to what the fee rule can charge (decision 0017)', () => {
    for (const charged of ['2.5', ' 0.75 ', '99.999999', '0.000001']) {
      expect(validateAttributeValue('N', charged, FEE_PERCENT_ATTRIBUTE_CODE), charged).toBeNull();
    }
    // Numeric, but above 100 % or finer than the rule counts: once saved, charged nothing.
    for (const refused of ['100.5', '150.25', '1.1234567']) {
      expect(validateAttributeValue('N', refused, FEE_PERCENT_ATTRIBUTE_CODE), refused).toBe(
        FEE_PERCENT_VALUE_MESSAGE,
      );
      expect(validateAttributeValue('N', refused, null), refused).toBeNull();
    }
    // A fee may be whole (2 %), which SPEC's Numeric rule refuses for every other value.
    for (const whole of ['2', '0', '100', ' 3 ', '2.0']) {
      expect(validateAttributeValue('N', whole, FEE_PERCENT_ATTRIBUTE_CODE), whole).toBeNull();
      expect(validateAttributeValue('N', whole, null), whole).toBe('value is not Numeric');
    }
    expect(validateAttributeValue('N', '101', FEE_PERCENT_ATTRIBUTE_CODE)).toBe(
      FEE_PERCENT_VALUE_MESSAGE,
    );
    for (const malformed of ['2a', '-2', '1,5', '.5', '2.']) {
      expect(validateAttributeValue('N', malformed, FEE_PERCENT_ATTRIBUTE_CODE), malformed).toBe(
        'value is not Numeric',
      );
    }
  });

  it('judges what an attribute means only for a changed value (attributeChangeError)', () => {
    const fee = FEE_PERCENT_ATTRIBUTE_CODE;
    expect(attributeChangeError('N', ' 150.25 ', fee, '150.25')).toBeNull();
    expect(attributeChangeError('N', '150.5', fee, '150.25')).toBe(FEE_PERCENT_VALUE_MESSAGE);
    expect(attributeChangeError('N', '150.5', fee, null)).toBe(FEE_PERCENT_VALUE_MESSAGE);
    expect(attributeChangeError('I', '101', 'ALERT_SUCCESS_RATE_MIN', '101')).toBeNull();
    // The parameter type always, whatever is stored; a whole fee percent fits it.
    expect(attributeChangeError('N', '2', fee, '2')).toBeNull();
    expect(attributeChangeError('N', '2a', fee, '2a')).toBe('value is not Numeric');
    expect(attributeChangeError('N', '2', null, '2')).toBe('value is not Numeric');
    expect(attributeChangeError('N', ' ', fee, '2.5')).toBe('Value is required');
  });

  it('leaves other types as their parameter type says', () => {
    expect(validateAttributeValue('I', '100000000', 'CALLBACK_TIMEOUT')).toBeNull();
    expect(validateAttributeValue('I', '101', null)).toBeNull();
  });
});
