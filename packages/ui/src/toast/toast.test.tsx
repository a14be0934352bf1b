import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast.tsx';

/** Runs timers in steps, so timers that state updates start (exit transitions) run too. */
const runTimers = (ms: number, step = 100) => {
  for (let passed = 0; passed < ms; passed += step) act(() => vi.advanceTimersByTime(step));
};

const Buttons = () => {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Status changed successfully!')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Failed to change status')}>
        fail
      </button>
      <button type="button" onClick={() => toast.info('Info')}>
        info
      </button>
      <button type="button" onClick={() => toast.warning('Choose the bank')}>
        warn
      </button>
    </>
  );
};

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announce the message in the top-right corner and close after 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Status changed successfully!');
    expect(toast).toHaveClass('notistack-MuiContent-success');
    expect(toast.closest('.pg-toasts')).toHaveClass('pg-toasts--top-right');

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByRole('alert')).toHaveTextContent('Status changed successfully!');
    act(() => vi.advanceTimersByTime(100));
    // The exit transition runs, then the toast is removed.
    runTimers(1_000);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('show each variant and stack at most three', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    for (const name of ['fail', 'info', 'warn']) {
      act(() => {
        fireEvent.click(screen.getByRole('button', { name }));
      });
    }
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Failed to change status');
    expect(alerts[1]).toHaveTextContent('Info');
    expect(alerts[2]).toHaveTextContent('Choose the bank');
    expect(alerts[0]).toHaveClass('notistack-MuiContent-error');
    expect(alerts[1]).toHaveClass('notistack-MuiContent-info');
    expect(alerts[2]).toHaveClass('notistack-MuiContent-warning');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    });
    runTimers(1_000);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.getByText('Status changed successfully!')).toBeInTheDocument();
  });

  it('can be closed with their close button', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider closeLabel="Dismiss">
        <Buttons />
      </ToastProvider>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    });
    runTimers(1_000);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
