import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyScreen } from './lazy-screen.ts';

const Screen = () => null;

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyScreen', () => {
  it('gives the loaded screen as the route component', async () => {
    await expect(lazyScreen('reports', async () => Screen)()).resolves.toEqual({
      Component: Screen,
    });
  });

  it('names the chunk when it cannot be fetched', async () => {
    const failing = lazyScreen('reports', () => Promise.reject(new TypeError('network')));
    await expect(failing()).rejects.toThrow('Loading chunk reports failed');
  });

  it('fails a chunk that has not arrived after 120000 ms (SPEC §9), not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    let settled = false;
    const loading = lazyScreen('terminals', () => new Promise(() => {}))();
    loading
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow('Loading chunk terminals failed');
  });

  it('leaves no timer behind once the chunk arrived', async () => {
    vi.useFakeTimers();
    await lazyScreen('reports', async () => Screen)();
    expect(vi.getTimerCount()).toBe(0);
  });
});
