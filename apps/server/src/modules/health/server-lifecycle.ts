/**
 * Where the process stands: serving, or draining before it exits. Readiness answers 503 while
 * draining so a load balancer stops sending new requests.
 */
export interface ServerLifecycle {
  readonly draining: boolean;
  startDraining: () => void;
}

export const createServerLifecycle = (): ServerLifecycle => {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining: () => {
      draining = true;
    },
  };
};

export interface ShutdownParts {
  lifecycle: ServerLifecycle;
  /** HTTP listeners: close() stops accepting and waits for the requests in flight. */
  listeners: ReadonlyArray<{ close: () => PromiseLike<unknown> }>;
  /** Background jobs: stop() ends the runs and hands back claimed work. */
  jobs?: { stop: () => Promise<void> };
  /** Closed last, once nothing uses it any more. */
  database?: { close: () => Promise<void> };
  /** Give up waiting after this long (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export type ShutdownOutcome = 'completed' | 'timed-out';

/**
 * Graceful shutdown: readiness turns 503, the listeners stop accepting and finish the requests
 * in flight while the jobs stop and release their claims (so another instance takes them at
 * once), then the database closes. Never takes longer than timeoutMs: a stuck request or job
 * must not keep a stopping process alive.
 */
export const shutDownGracefully = async ({
  lifecycle,
  listeners,
  jobs,
  database,
  timeoutMs,
}: ShutdownParts): Promise<ShutdownOutcome> => {
  lifecycle.startDraining();
  const work = (async () => {
    await Promise.allSettled([...listeners.map((listener) => listener.close()), jobs?.stop()]);
    await database?.close();
    return 'completed' as const;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};
