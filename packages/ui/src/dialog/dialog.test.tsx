import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

const Harness = ({
  children,
  onClose,
  width,
}: {
  children?: ReactNode;
  onClose?: () => void;
  width?: number;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Settlement
      </button>
      <button type="button">Elsewhere</button>
      <Dialog
        open={open}
        width={width}
        title="Create settlement"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        {children ?? (
          <>
            <label>
              Base amount <input />
            </label>
            <button type="button">Save</button>
          </>
        )}
      </Dialog>
    </>
  );
};

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(
      <Dialog open={false} title="Hidden" onClose={() => {}}>
        content
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title, with the given width', async () => {
    const user = userEvent.setup();
    render(<Harness width={768} />);
    await user.click(screen.getByRole('button', { name: 'Settlement' }));
    const dialog = screen.getByRole('dialog', { name: 'Create settlement' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.style.width).toBe('768px');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  it('moves focus inside on open and back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Settlement' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Settlement' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Settlement' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Base amount' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('focuses the dialog itself when it has nothing focusable', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open title="Info" showCloseButton={false} onClose={() => {}}>
        Read only
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Info' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
  });

  it('closes on a click on the backdrop but not inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Dialog open title="Info" onClose={onClose}>
        Body text
      </Dialog>,
    );
    await user.click(screen.getByText('Body text'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lets only the innermost of nested dialogs answer Escape and keep the focus', async () => {
    const user = userEvent.setup();
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    render(
      <Dialog open title="Outer" onClose={outerClose}>
        <Dialog open title="Inner" onClose={innerClose}>
          <button type="button">Inner action</button>
        </Dialog>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Inner' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await user.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledOnce();
    expect(outerClose).not.toHaveBeenCalled();
  });

  it('hands the focus back to the outer dialog when a dialog opened from it closes', async () => {
    const user = userEvent.setup();
    const Nested = () => {
      const [inner, setInner] = useState(false);
      return (
        <Dialog open title="Outer" onClose={() => {}}>
          <button type="button" onClick={() => setInner(true)}>
            Change status
          </button>
          <Dialog open={inner} title="Inner" onClose={() => setInner(false)}>
            <button type="button">Continue</button>
          </Dialog>
        </Dialog>
      );
    };
    render(<Nested />);
    const opener = screen.getByRole('button', { name: 'Change status' });
    await user.click(opener);
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    expect(inner).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    expect(inner).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('locks the page scroll while open', () => {
    const { rerender } = render(
      <Dialog open title="Info" onClose={() => {}}>
        x
      </Dialog>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <Dialog open={false} title="Info" onClose={() => {}}>
        x
      </Dialog>,
    );
    expect(document.body.style.overflow).toBe('');
  });
});
