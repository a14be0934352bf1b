import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { ChangePasswordPage } from './change-password-page.tsx';

const CHANGE = 'POST /api/v1/user/change_password';

const renderChangePassword = () => {
  const api = fakeApi({ 'GET /api/v1/people/me': { body: { data: personWith([]) } } });
  renderScreen('/settings/change-password', {
    path: '/settings/change-password',
    element: <ChangePasswordPage />,
  });
  return api;
};

const oldPassword = () => screen.getByLabelText(/^Old password/);
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm new password/);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

const fillIn = async (current: string, next: string, confirm: string) => {
  await userEvent.type(oldPassword(), current);
  await userEvent.type(newPassword(), next);
  await userEvent.type(confirmation(), confirm);
};

afterEach(() => vi.unstubAllGlobals());

describe('change password', () => {
  it('has password inputs with autocomplete hints', async () => {
    renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    expect(oldPassword()).toHaveAttribute('type', 'password');
    expect(oldPassword()).toHaveAttribute('autocomplete', 'current-password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('autocomplete', 'new-password');
  });

  it('requires all three fields and sends nothing', async () => {
    const api = renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    await submit();
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(oldPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.startsWith(CHANGE))).toBe(false);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const api = renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('old-secret', 'new-secret-1', 'new-secret-2');
    await submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith(CHANGE))).toBe(false);
  });

  it('sends the current and new password, toasts and empties the form', async () => {
    const api = renderChangePassword();
    api.set(CHANGE, { body: { data: { ok: true } } });
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('old-secret', 'new secret 1', 'new secret 1');
    await submit();
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(await api.bodiesOf(CHANGE)).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new secret 1' },
    ]);
    await waitFor(() => expect(oldPassword()).toHaveValue(''));
    expect(newPassword()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
    expect(screen.queryByText('Old password is required')).not.toBeInTheDocument();
  });

  it('says a wrong old password under its field and keeps the form', async () => {
    const api = renderChangePassword();
    api.set(CHANGE, {
      status: 400,
      body: problem(400, 'Current password is incorrect', 'wrong_current_password'),
    });
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('wrong', 'new-secret-1', 'new-secret-1');
    await submit();
    await waitFor(() =>
      expect(oldPassword()).toHaveAccessibleDescription('Current password is incorrect'),
    );
    expect(oldPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(oldPassword()).toHaveValue('wrong');
    expect(newPassword()).toHaveValue('new-secret-1');
  });

  it("toasts the server's message and keeps the form when the change is refused", async () => {
    const api = renderChangePassword();
    api.set(CHANGE, { status: 400, body: { detail: 'This password is too common' } });
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('wrong', 'new-secret-1', 'new-secret-1');
    await submit();
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    expect(screen.queryByText('Password changed successfully!')).not.toBeInTheDocument();
    expect(oldPassword()).toHaveValue('wrong');
    // A refused change is not a lost session.
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the password rules under the new password', async () => {
    renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    expect(newPassword()).toHaveAccessibleDescription(
      'At least 12 characters; not your username; not a common or leaked password',
    );
  });

  it('says why a new password is too short and sends nothing', async () => {
    const api = renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('old-secret', 'short-11ch!', 'short-11ch!');
    await submit();
    expect(
      await screen.findByText('The password must be at least 12 characters long'),
    ).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.startsWith(CHANGE))).toBe(false);
  });

  it("refuses a new password that contains the person's username and sends nothing", async () => {
    const api = renderChangePassword();
    await screen.findByRole('heading', { name: 'Change password' });
    // The signed-in person is "tester".
    await fillIn('old-secret', 'Tester-2026-spring', 'Tester-2026-spring');
    await submit();
    expect(
      await screen.findByText('The password must not contain the username'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith(CHANGE))).toBe(false);
  });

  it("shows the server's refusal of a common password", async () => {
    const api = renderChangePassword();
    const common = 'This password is on a list of common or leaked passwords; choose another one';
    api.set(CHANGE, { status: 400, body: { detail: common } });
    await screen.findByRole('heading', { name: 'Change password' });
    await fillIn('old-secret', 'password1234', 'password1234');
    await submit();
    expect(await screen.findByText(common)).toBeInTheDocument();
    expect(await api.bodiesOf(CHANGE)).toEqual([
      { currentPassword: 'old-secret', newPassword: 'password1234' },
    ]);
  });
});
