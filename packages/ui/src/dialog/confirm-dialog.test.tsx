import { statusChangeConfirmationText } from '@paygate/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

const message = statusChangeConfirmationText('NEW', 'DONE');

describe('ConfirmDialog', () => {
  it('asks the question with Cancel and Continue, Cancel focused first', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open message={message} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: message });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to change the payment status from NEW to DONE?',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('disables Continue and shows a spinner while busy', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDialog open busy message={message} onConfirm={onConfirm} onCancel={() => {}} />);
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAttribute('aria-busy', 'true');
    expect(proceed.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.click(proceed);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes a title and translated labels', () => {
    render(
      <ConfirmDialog
        open
        title="Change status"
        message={message}
        cancelLabel="Отмена"
        confirmLabel="Продолжить"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Change status' });
    expect(dialog).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeEnabled();
  });
});
