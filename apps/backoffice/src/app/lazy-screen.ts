import type { ComponentType } from 'react';

/**
 * A screen loaded on demand (one chunk per route). A chunk that cannot be fetched — a deploy
 * replaced it, or the network dropped — surfaces as "Loading chunk <name> failed" (SPEC §8) on
 * the route error screen instead of a blank page.
 */
export const lazyScreen =
  (name: string, load: () => Promise<ComponentType>) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await load() };
    } catch (cause) {
      throw new Error(`Loading chunk ${name} failed`, { cause });
    }
  };
