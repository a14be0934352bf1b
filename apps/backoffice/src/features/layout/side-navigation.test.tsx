import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';

const navigationAs = async (permissions: string[], url = '/somewhere') => {
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, { merchantId: 3 }) } },
    'GET /api/v1/merchant/me': {
      body: { data: { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk', terminals: [] } },
    },
  });
  renderScreen(
    url,
    { path: '/somewhere', element: <h1>Somewhere</h1> },
    { path: '/users/:id', element: <h1>A user</h1> },
  );
  return screen.findByRole('navigation', { name: 'Main' });
};

const labelsIn = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('side navigation', () => {
  it('offers Users with user.manage.own and Roles with role.manage', async () => {
    const nav = await navigationAs(['user.manage.own', 'role.manage']);
    expect(labelsIn(nav)).toEqual([
      'Dashboard',
      'Terminals',
      'Users',
      'Roles',
      'Settings',
      'Support',
    ]);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(within(nav).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/roles');
  });

  it('offers Users with user.manage as well', async () => {
    const nav = await navigationAs(['user.manage']);
    expect(labelsIn(nav)).toContain('Users');
    expect(labelsIn(nav)).not.toContain('Roles');
  });

  it('offers neither without the permissions', async () => {
    const nav = await navigationAs(['merchant.read']);
    expect(labelsIn(nav)).not.toContain('Users');
    expect(labelsIn(nav)).not.toContain('Roles');
  });

  it("marks Users as the current section on a user's details", async () => {
    const nav = await navigationAs(['user.manage'], '/users/5');
    expect(await screen.findByRole('heading', { name: 'A user' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
