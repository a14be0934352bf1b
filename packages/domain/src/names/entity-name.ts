import { NAME_MIN_LENGTH } from '../constants/business-constants.ts';
import { characterCount } from './character-count.ts';

/** SPEC §5 texts for terminal and merchant names, word for word. */
export const ENTITY_NAME_MESSAGES = {
  required: 'Name is required',
  tooShort: 'Name must be at least 3 characters long',
} as const;

/** Longest name the server stores; longer input is refused, never cut. */
export const ENTITY_NAME_MAX_LENGTH = 100;

/**
 * SPEC §5: terminal and merchant names are required and at least 3 characters (after trimming
 * the spaces around them), at most ENTITY_NAME_MAX_LENGTH; characters are code points
 * (characterCount), so three emoji are a name. Returns the message, or null when the name is fine.
 */
export const validateEntityName = (name: string | null | undefined): string | null => {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return ENTITY_NAME_MESSAGES.required;
  const length = characterCount(trimmed);
  if (length < NAME_MIN_LENGTH) return ENTITY_NAME_MESSAGES.tooShort;
  if (length > ENTITY_NAME_MAX_LENGTH) {
    return `Name must be at most ${ENTITY_NAME_MAX_LENGTH} characters long`;
  }
  return null;
};
