import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { NotificationsPage } from './notifications-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  merchantId: 1,
  category: 'Monitoring',
  severity: 'warning',
  title: `Entry ${id}`,
  body: `Body of entry ${id}`,
  link: null,
  createdAt: `2026-03-0${Math.min(id, 9)}T14:07:09.000Z`,
  read: false,
  ...overrides,
});

const page = (items: unknown[], { hasMore = false, unread = 0 } = {}) => ({
  body: { data: { items, hasMore, unread } },
});

const me = { 'GET /api/v1/people/me': { body: { data: personWith([]) } } };

describe('notifications', () => {
  it('lists the entries newest first with their dates, badges, links and unread state', async () => {
    fakeApi({
      ...me,
      'GET /api/v1/notifications': page(
        [
          entry(5, {
            title: 'Success rate dropped',
            link: '/terminals',
            createdAt: '2026-03-05T14:07:09.000Z',
          }),
          entry(4, { read: true, category: 'Settlement', severity: 'success' }),
        ],
        { unread: 1 },
      ),
    });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    if (!first || !second) throw new Error('two notifications expected');
    expect(within(first).getByRole('heading', { name: 'Success rate dropped' })).toBeVisible();
    expect(within(first).getByText('Unread')).toBeVisible();
    expect(within(second).queryByText('Unread')).toBeNull();
    const date = within(first).getByText('05/03/2026 14:07:09');
    expect(date).toHaveAttribute('dateTime', '2026-03-05T14:07:09.000Z');
    expect(within(first).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/terminals');
    expect(within(first).getByRole('button', { name: 'Mark as read' })).toBeVisible();
    expect(within(second).getByRole('heading', { name: 'Entry 4' })).toBeVisible();
    expect(within(second).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByText(/1 unread\./)).toBeVisible();
  });

  it('marks one entry, or all, read and shows the new state', async () => {
    const api = fakeApi({
      ...me,
      'GET /api/v1/notifications': page([entry(2), entry(1)], { unread: 2 }),
      'POST /api/v1/notifications/read': { body: { data: { unread: 1 } } },
    });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });
    const user = userEvent.setup();

    const [first] = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole(
      'listitem',
    );
    if (!first) throw new Error('no notification');
    api.set('GET /api/v1/notifications', page([entry(2, { read: true }), entry(1)], { unread: 1 }));
    await user.click(within(first).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText(/^1 unread\./)).toBeVisible();

    api.set(
      'GET /api/v1/notifications',
      page([entry(2, { read: true }), entry(1, { read: true })]),
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText(/^0 unread\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(await api.bodiesOf('POST /api/v1/notifications/read')).toEqual([{ ids: [2] }, {}]);
  });

  it('loads older entries page by page', async () => {
    const api = fakeApi({
      ...me,
      'GET /api/v1/notifications': (_request, url) =>
        url.searchParams.get('beforeId') === '2'
          ? page([entry(1, { title: 'Oldest' })])
          : page([entry(3), entry(2)], { hasMore: true }),
    });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });

    await userEvent.click(await screen.findByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByRole('heading', { name: 'Oldest' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
    expect(api.calls).toContain('GET /api/v1/notifications?beforeId=2');
  });

  it('says when there is nothing yet', async () => {
    fakeApi({ ...me, 'GET /api/v1/notifications': page([]) });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });
    expect(await screen.findByText('No notifications yet')).toBeVisible();
  });

  it('offers to try again when they cannot be loaded', async () => {
    const api = fakeApi({
      ...me,
      'GET /api/v1/notifications': { status: 500, body: { detail: 'Internal server error' } },
    });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });
    expect(await screen.findByText(/Notifications could not be loaded/)).toBeVisible();
    api.set('GET /api/v1/notifications', page([entry(1, { title: 'Back again' })]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeVisible();
  });
});
