import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyedThrottle } from './keyed-throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

describe('keyed throttle', () => {
  it('runs the first request at once and folds a burst into one trailing run', () => {
    const throttle = createKeyedThrottle(1_000);
    const runs: number[] = [];
    for (let index = 0; index < 100; index += 1) throttle.run('list', () => runs.push(index));
    expect(runs).toEqual([0]);

    vi.advanceTimersByTime(999);
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(1);
    // The latest request of the burst.
    expect(runs).toEqual([0, 99]);

    vi.advanceTimersByTime(10_000);
    expect(runs).toEqual([0, 99]);
  });

  it('never runs a key more than once a second while requests keep coming', () => {
    const throttle = createKeyedThrottle(1_000);
    const times: number[] = [];
    for (let ms = 0; ms < 5_000; ms += 100) {
      throttle.run('list', () => times.push(Date.now()));
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(5_000);
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(gaps.every((gap) => gap >= 1_000)).toBe(true);
    expect(times.length).toBeLessThanOrEqual(6);
  });

  it('keeps each key to itself', () => {
    const throttle = createKeyedThrottle(1_000);
    const runs: string[] = [];
    throttle.run('a', () => runs.push('a1'));
    throttle.run('b', () => runs.push('b1'));
    throttle.run('a', () => runs.push('a2'));
    expect(runs).toEqual(['a1', 'b1']);
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual(['a1', 'b1', 'a2']);
  });

  it('runs at once again after a quiet interval', () => {
    const throttle = createKeyedThrottle(1_000);
    const runs: number[] = [];
    throttle.run('a', () => runs.push(1));
    vi.advanceTimersByTime(1_000);
    throttle.run('a', () => runs.push(2));
    expect(runs).toEqual([1, 2]);
  });

  it('drops pending runs when cancelled', () => {
    const throttle = createKeyedThrottle(1_000);
    const runs: number[] = [];
    throttle.run('a', () => runs.push(1));
    throttle.run('a', () => runs.push(2));
    throttle.cancel();
    vi.advanceTimersByTime(5_000);
    expect(runs).toEqual([1]);
    throttle.run('a', () => runs.push(3));
    expect(runs).toEqual([1, 3]);
  });
});
