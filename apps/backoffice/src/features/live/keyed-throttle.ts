/**
 * At most one run per key per interval, leading and trailing: the first request of a key runs at
 * once; requests during the following interval are folded into one run at its end (the latest
 * task), which starts the next interval. A burst of 100 live events thus causes at most two
 * refetches of what one cache tag covers.
 */
export interface KeyedThrottle {
  /** Runs `task` for `key` now, or once when the key's interval ends. */
  run(key: string, task: () => void): void;
  /** Drops every pending run. */
  cancel(): void;
}

interface KeyInterval {
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The task to run when the interval ends, if more requests came during it. */
  trailing: (() => void) | null;
}

export const createKeyedThrottle = (intervalMs: number): KeyedThrottle => {
  const intervals = new Map<string, KeyInterval>();

  const open = (key: string, task: () => void) => {
    const interval: KeyInterval = { timer: undefined, trailing: null };
    intervals.set(key, interval);
    interval.timer = setTimeout(() => {
      const trailing = interval.trailing;
      intervals.delete(key);
      if (trailing) open(key, trailing);
    }, intervalMs);
    task();
  };

  return {
    run(key, task) {
      const interval = intervals.get(key);
      if (interval) interval.trailing = task;
      else open(key, task);
    },
    cancel() {
      for (const interval of intervals.values()) clearTimeout(interval.timer);
      intervals.clear();
    },
  };
};
