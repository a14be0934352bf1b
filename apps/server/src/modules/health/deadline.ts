/**
 * `work`'s result, or `onTimeout` when it has not settled within `timeoutMs`; the timer is
 * cleared either way, so a finished call leaves nothing keeping the process alive.
 */
export const settleWithin = async <T>(
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: T,
): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};
