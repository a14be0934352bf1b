import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_RESET_MS, CopyButton, copyToClipboard } from './copy-button.tsx';

const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(window.navigator, 'clipboard', {
    value: clipboard,
    configurable: true,
    writable: true,
  });

describe('CopyButton', () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows Copy, then Copied after a successful write, then Copy again after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    const onCopy = vi.fn();
    render(<CopyButton value="8600123412341234" what="card number" onCopy={onCopy} />);

    const button = screen.getByRole('button', { name: 'Copy card number' });
    expect(button).toHaveTextContent('Copy');
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(button);
    expect(writeText).toHaveBeenCalledWith('8600123412341234');
    expect(onCopy).toHaveBeenCalledWith(true);
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');

    act(() => vi.advanceTimersByTime(COPIED_RESET_MS - 100));
    expect(button).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(100));
    expect(button).toHaveTextContent('Copy');
    expect(button).not.toHaveTextContent('Copied');
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns and reports failure when the clipboard is unavailable', async () => {
    const user = userEvent.setup();
    setClipboard(undefined);
    const onCopy = vi.fn();
    render(
      <CopyButton value="INV-1" label="Копировать" copiedLabel="Скопировано" onCopy={onCopy} />,
    );

    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(onCopy).toHaveBeenCalledWith(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(screen.getByRole('button')).toHaveTextContent('Копировать');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('warns and reports failure when the write is refused', async () => {
    const user = userEvent.setup();
    const refusal = new DOMException('Denied', 'NotAllowedError');
    setClipboard({ writeText: vi.fn().mockRejectedValue(refusal) });
    const onCopy = vi.fn();
    render(<CopyButton value="INV-1" what="invoice ID" onCopy={onCopy} />);

    await user.click(screen.getByRole('button', { name: 'Copy invoice ID' }));
    expect(onCopy).toHaveBeenCalledWith(false);
    expect(warn).toHaveBeenCalledWith('Copy failed:', refusal);
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('copyToClipboard resolves whether the text was copied', async () => {
    setClipboard({ writeText: vi.fn().mockResolvedValue(undefined) });
    await expect(copyToClipboard('x')).resolves.toBe(true);
    setClipboard({});
    await expect(copyToClipboard('x')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith('Copy failed: the clipboard is unavailable');
  });
});
