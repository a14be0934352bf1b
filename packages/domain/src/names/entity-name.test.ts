import { describe, expect, it } from 'vitest';
import { ENTITY_NAME_MAX_LENGTH, validateEntityName } from './entity-name.ts';

/** An emoji outside the Basic Multilingual Plane: one character, two UTF-16 units. */
const EMOJI = '😀';

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

  it('counts characters, not UTF-16 units: an emoji is one', () => {
    expect(validateEntityName(EMOJI.repeat(3))).toBeNull();
    // Two characters, though three UTF-16 units.
    expect(validateEntityName(`${EMOJI}a`)).toBe('Name must be at least 3 characters long');
    expect(validateEntityName(EMOJI.repeat(ENTITY_NAME_MAX_LENGTH))).toBeNull();
    expect(validateEntityName(EMOJI.repeat(ENTITY_NAME_MAX_LENGTH + 1))).toBe(
      `Name must be at most ${ENTITY_NAME_MAX_LENGTH} characters long`,
    );
  });
});
