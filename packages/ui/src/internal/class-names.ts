/** Class names joined with spaces, skipping empty ones. */
export const joinClasses = (...names: (string | false | null | undefined)[]): string =>
  names.filter(Boolean).join(' ');

/** Element ids joined for aria-describedby, or undefined when there are none. */
export const joinIds = (...ids: (string | false | null | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;
