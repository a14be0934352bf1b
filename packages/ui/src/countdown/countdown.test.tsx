import { act, render, renderHook, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, useCountdown } from './countdown.tsx';

const NOW = Date.UTC(2026, 2, 5, 12, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows whole days when more than a day is left', () => {
    render(<Countdown deadline={NOW + 2 * DAY + 5 * HOUR} />);
    const timer = screen.getByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent('2 d');
    expect(timer).not.toHaveAttribute('data-critical');
  });

  it('lets the day text be translated', () => {
    render(<Countdown deadline={NOW + 3 * DAY + HOUR} formatDays={(days) => `${days} дн.`} />);
    expect(screen.getByRole('timer')).toHaveTextContent('3 дн.');
  });

  it('shows HH:MM:SS for a day or less and ticks every second', () => {
    render(
      <Countdown
        deadline={new Date(NOW + 2 * HOUR + 3 * MINUTE + 4 * SECOND)}
        label="Expires in"
      />,
    );
    const timer = screen.getByRole('timer', { name: 'Expires in' });
    expect(timer).toHaveTextContent('02:03:04');
    act(() => vi.advanceTimersByTime(SECOND));
    expect(timer).toHaveTextContent('02:03:03');
    act(() => vi.advanceTimersByTime(4 * SECOND));
    expect(timer).toHaveTextContent('02:02:59');
  });

  it('reads an ISO string deadline', () => {
    render(<Countdown deadline="2026-03-05T12:00:30Z" />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:30');
  });

  it('turns red once hours and minutes are gone', () => {
    render(<Countdown deadline={NOW + MINUTE + 2 * SECOND} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('00:01:02');
    expect(timer).not.toHaveAttribute('data-critical');
    expect(timer.style.color).toBe('');
    act(() => vi.advanceTimersByTime(2 * SECOND));
    expect(timer).toHaveTextContent('00:01:00');
    expect(timer).not.toHaveAttribute('data-critical');
    act(() => vi.advanceTimersByTime(SECOND));
    expect(timer).toHaveTextContent('00:00:59');
    expect(timer).toHaveAttribute('data-critical', 'true');
    expect(timer).toHaveClass('pg-countdown--critical');
    expect(timer.style.color).not.toBe('');
  });

  it('calls onExpire exactly once, at the deadline', () => {
    const onExpire = vi.fn();
    const { rerender } = render(<Countdown deadline={NOW + 3 * SECOND} onExpire={onExpire} />);
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:01');
    // Whole seconds are rounded down: the last second reads 00:00:00 before it expires.
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onExpire).toHaveBeenCalledOnce();
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    act(() => vi.advanceTimersByTime(10 * SECOND));
    rerender(<Countdown deadline={NOW + 3 * SECOND} onExpire={onExpire} />);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('calls onExpire once under StrictMode too', () => {
    const onExpire = vi.fn();
    render(
      <StrictMode>
        <Countdown deadline={NOW + SECOND} onExpire={onExpire} />
      </StrictMode>,
    );
    act(() => vi.advanceTimersByTime(5 * SECOND));
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('calls onExpire at once for a past or unreadable deadline', () => {
    const onExpire = vi.fn();
    render(<Countdown deadline={NOW - SECOND} onExpire={onExpire} />);
    expect(onExpire).toHaveBeenCalledOnce();
    const other = vi.fn();
    render(<Countdown deadline="not a date" onExpire={other} />);
    expect(other).toHaveBeenCalledOnce();
  });

  it('stops ticking when unmounted', () => {
    const onExpire = vi.fn();
    const { unmount } = render(<Countdown deadline={NOW + 5 * SECOND} onExpire={onExpire} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(10 * SECOND));
    expect(onExpire).not.toHaveBeenCalled();
  });
});

describe('useCountdown', () => {
  it('uses an injected clock', () => {
    let now = NOW;
    const { result, rerender } = renderHook(() => useCountdown(NOW + DAY, { now: () => now }));
    expect(result.current).toMatchObject({ text: '24:00:00', days: null, isExpired: false });
    now = NOW + DAY - 30 * SECOND;
    rerender();
    expect(result.current).toMatchObject({ text: '00:00:30', isCritical: true });
  });
});
