import { describe, expect, it } from 'vitest';
import { characterCount, isTrimmedLongerThan, requiredTextError } from './character-count.ts';

/** An emoji outside the Basic Multilingual Plane: one code point, two UTF-16 units. */
const EMOJI = '😀';

describe('characterCount', () => {
  it('counts ASCII text as its length', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('UZS deposits')).toBe(12);
  });

  it('counts an emoji (a surrogate pair) as one character', () => {
    expect(EMOJI.length).toBe(2);
    expect(characterCount(EMOJI)).toBe(1);
    expect(characterCount(`a${EMOJI}b`)).toBe(3);
    expect(characterCount('𝄞')).toBe(1);
  });

  it('counts a combining mark as a character of its own', () => {
    // "e" followed by U+0301 COMBINING ACUTE ACCENT: one letter on screen, two code points.
    expect(characterCount('e\u0301')).toBe(2);
    // The precomposed "é" (U+00E9) is one.
    expect(characterCount('\u00e9')).toBe(1);
  });

  it('counts nothing in the empty text', () => {
    expect(characterCount('')).toBe(0);
  });

  it('counts a lone surrogate as one character, as the string iterator does', () => {
    expect(characterCount('\uD83D')).toBe(1);
    expect(characterCount('\uD83Dx')).toBe(2);
  });
});

describe('requiredTextError', () => {
  it('measures the trimmed text in characters against the limit', () => {
    expect(requiredTextError('   ', 3)).toBe('required');
    expect(requiredTextError('', 3)).toBe('required');
    expect(requiredTextError(' 😀😀😀 ', 3)).toBeNull();
    expect(requiredTextError('😀😀😀😀', 3)).toBe('too-long');
    expect(requiredTextError('abcd', 3)).toBe('too-long');
  });
});

describe('isTrimmedLongerThan', () => {
  it('takes an empty text and counts characters once trimmed', () => {
    expect(isTrimmedLongerThan('', 3)).toBe(false);
    expect(isTrimmedLongerThan('  😀😀😀  ', 3)).toBe(false);
    expect(isTrimmedLongerThan('😀😀😀😀', 3)).toBe(true);
  });
});
