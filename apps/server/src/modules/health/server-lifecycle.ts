import { settleWithin } from './deadline.ts';

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
  /**
   * How long readiness answers 503 while the listeners still serve, before they close
   * (SHUTDOWN_DRAIN_SECONDS): the time a load balancer needs to notice and send new requests
   * elsewhere. Counted within timeoutMs.
   */
  drainMs?: number;
}

export type ShutdownOutcome = 'completed' | 'timed-out';

/**
 * Graceful shutdown: readiness turns 503 and, after the drain window, the listeners stop
 * accepting and finish the requests in flight while the jobs stop and release their claims (so
 * another instance takes them at once), then the database closes. Never takes longer than
 * timeoutMs: a stuck request or job must not keep a stopping process alive.
 */
export const shutDownGracefully = async ({
  lifecycle,
  listeners,
  jobs,
  database,
  timeoutMs,
  drainMs = 0,
}: ShutdownParts): Promise<ShutdownOutcome> => {
  lifecycle.startDraining();
  const work = (async () => {
    // Without a window, closing at once leaves readiness nobody to tell: a closing Fastify
    // answers new requests 503 itself.
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await Promise.allSettled([...listeners.map((listener) => listener.close()), jobs?.stop()]);
    await database?.close();
    return 'completed' as const;
  })();
  return settleWithin<ShutdownOutcome>(work, timeoutMs, 'timed-out');
};
