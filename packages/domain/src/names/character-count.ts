/**
 * The number of characters a person sees in the text, as every length limit of the product
 * counts them: Unicode code points, so an emoji is one character. `.length` counts UTF-16 units,
 * where an emoji (or any character beyond U+FFFF) is two, and a limit of 100 would then hold 50.
 * A letter and a combining accent written after it are two code points, so two characters here.
 */
export const characterCount = (text: string): number => [...text].length;

export type RequiredTextError = 'required' | 'too-long';

/**
 * A text that must be given, as it is stored (trimmed): 'required' when nothing is left,
 * 'too-long' past `max` characters. The one shape of every required, bounded text field.
 */
export const requiredTextError = (raw: string, max: number): RequiredTextError | null => {
  const text = raw.trim();
  if (text === '') return 'required';
  return characterCount(text) > max ? 'too-long' : null;
};

/** Whether an optional text, as it is stored (trimmed), is longer than `max` characters. */
export const isTrimmedLongerThan = (raw: string, max: number): boolean =>
  characterCount(raw.trim()) > max;
