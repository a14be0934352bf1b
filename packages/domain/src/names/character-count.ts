/**
 * The number of characters a person sees in the text, as every length limit of the product
 * counts them: Unicode code points, so an emoji is one character. `.length` counts UTF-16 units,
 * where an emoji (or any character beyond U+FFFF) is two, and a limit of 100 would then hold 50.
 * A letter and a combining accent written after it are two code points, so two characters here.
 */
export const characterCount = (text: string): number => [...text].length;
