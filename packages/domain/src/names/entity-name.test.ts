import { describe, expect, it } from 'vitest';
import { ENTITY_NAME_MAX_LENGTH, validateEntityName } from './entity-name.ts';

describe('validateEntityName', () => {
  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    [null, 'Name is required'],
    ['ab', 'Name must be at least 3 characters long'],
    [' ab ', 'Name must be at least 3 characters long'],
  ])('%j → %s', (name, message) => {
    expect(validateEntityName(name)).toBe(message);
  });

  it('accepts three characters and more', () => {
    expect(validateEntityName('abc')).toBeNull();
    expect(validateEntityName('  UZS deposits ')).toBeNull();
  });

  it('refuses names beyond the stored length', () => {
    expect(validateEntityName('x'.repeat(ENTITY_NAME_MAX_LENGTH))).toBeNull();
    expect(validateEntityName('x'.repeat(ENTITY_NAME_MAX_LENGTH + 1))).toMatch(/at most/);
  });
});
