/**
 * One line describing an error for logs and operator messages: its code when the message does
 * not already say it (ECONNREFUSED, 57P01, …), the message, and the cause chain (undici wraps a
 * network failure as "fetch failed" with the reason in `cause`). An AggregateError (a connect
 * attempt to several addresses) is described by its first error.
 */
export const describeError = (error: unknown): string => {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const codePrefix = typeof code === 'string' && !error.message.includes(code) ? `${code} ` : '';
  const text = `${codePrefix}${error.message || error.name}`;
  const cause = error.cause;
  if (cause instanceof Error && !text.includes(cause.message)) {
    return `${text}: ${describeError(cause)}`;
  }
  return text;
};
