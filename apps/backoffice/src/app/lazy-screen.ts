import type { ComponentType } from 'react';

/** SPEC §9: how long a screen's chunk may take to arrive before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A screen loaded on demand (one chunk per route). A chunk that cannot be fetched — a deploy
 * replaced it, or the network dropped — or that has not arrived within CHUNK_LOAD_TIMEOUT_MS
 * surfaces as "Loading chunk <name> failed" (SPEC §8) on the route error screen instead of a
 * blank page or a navigation that never ends.
 */
export const lazyScreen =
  (name: string, load: () => Promise<ComponentType>) =>
  async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHUNK_LOAD_TIMEOUT_MS} ms`)),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      return { Component: await Promise.race([load(), timedOut]) };
    } catch (cause) {
      throw new Error(`Loading chunk ${name} failed`, { cause });
    } finally {
      clearTimeout(timer);
    }
  };
