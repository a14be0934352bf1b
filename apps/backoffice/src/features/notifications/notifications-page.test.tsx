import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { NotificationsPage } from './notifications-page.tsx';
import { SAMPLE_NOTIFICATIONS } from './sample-notifications.ts';

afterEach(() => vi.unstubAllGlobals());

describe('notifications', () => {
  it('lists the fixed sample entries with their dates, newest first', async () => {
    const api = fakeApi({ 'GET /api/v1/people/me': { body: { data: personWith([]) } } });
    renderScreen('/notifications', { path: '/notifications', element: <NotificationsPage /> });

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(SAMPLE_NOTIFICATIONS.length);
    const [first] = items;
    if (!first) throw new Error('no notification');
    expect(within(first).getByRole('heading', { name: 'Settlement completed' })).toBeVisible();
    const date = within(first).getByText('05/03/2026 14:07:09');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('dateTime', '2026-03-05T14:07:09Z');
    // Sample entries need no server.
    expect(api.calls).toEqual(['GET /api/v1/people/me']);
  });
});
