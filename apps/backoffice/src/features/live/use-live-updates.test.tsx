import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, problem } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';
import { alertEvent, FakeEventSource, installFakeEventSource } from './live-test-kit.ts';

const ME = 'GET /api/v1/people/me';
const NOTIFICATIONS = 'GET /api/v1/notifications';
const TWO_FACTOR = 'GET /api/v1/two-factor';

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const count = (calls: readonly string[], route: string) =>
  calls.filter((call) => call === route || call.startsWith(`${route}?`)).length;

const entry = (id: number, title: string) => ({
  id,
  merchantId: 3,
  category: 'Monitoring',
  severity: 'warning',
  title,
  body: `Body of ${title}`,
  link: '/terminals',
  createdAt: '2026-03-05T15:00:00.000Z',
  read: false,
});

const notificationPage = (titles: string[]) => ({
  body: {
    data: {
      items: titles.map((title, index) => entry(titles.length - index, title)),
      hasMore: false,
      unread: titles.length,
    },
  },
});

/** The Notifications screen, signed in, its live stream ready at position 50-0. */
const openNotifications = async (routes: Record<string, FakeAnswer> = {}) => {
  const api = fakeApi({
    [ME]: { body: { data: personWith([]) } },
    [NOTIFICATIONS]: notificationPage(['Older entry']),
    [TWO_FACTOR]: {
      body: { data: { enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 } },
    },
    ...routes,
  });
  const view = renderApp('/notifications');
  await screen.findByRole('heading', { name: 'Older entry' });
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  act(() => FakeEventSource.latest.ready(false, '50-0'));
  return { api, ...view };
};

const toasts = () => screen.queryAllByRole('alert');

describe('live updates: alerts', () => {
  it('shows an alert as a toast with its title and body, and reloads the notifications', async () => {
    const { api } = await openNotifications();
    api.set(NOTIFICATIONS, notificationPage(['Success rate dropped', 'Older entry']));

    act(() => FakeEventSource.latest.emit('alert.opened', alertEvent(), '60-1'));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Success rate dropped');
    expect(toast).toHaveTextContent(
      'Terminal "Main UZS" completed 40% of its 20 payments in the last 60 minutes (alert below 50%).',
    );
    expect(within(toast).getByText('Success rate dropped').tagName).toBe('STRONG');
    expect(toast).toHaveTextContent(/^Success rate dropped Terminal/);
    // A warning reads as one.
    expect(toast).toHaveClass('notistack-MuiContent-warning');
    expect(await screen.findByRole('heading', { name: 'Success rate dropped' })).toBeVisible();
    expect(count(api.calls, NOTIFICATIONS)).toBe(2);
  });

  it('shows errors as errors and recoveries as successes', async () => {
    await openNotifications();
    act(() => {
      FakeEventSource.latest.emit(
        'alert.opened',
        alertEvent({ title: 'Webhook endpoint failing', severity: 'error' }),
        '60-1',
      );
      FakeEventSource.latest.emit(
        'alert.closed',
        alertEvent({ title: 'Success rate recovered', severity: 'success' }),
        '60-2',
      );
      FakeEventSource.latest.emit(
        'alert.closed',
        alertEvent({ title: 'Success-rate alert closed', severity: 'neutral' }),
        '60-3',
      );
    });
    await waitFor(() => expect(toasts()).toHaveLength(3));
    const [failing, recovered, closed] = toasts();
    expect(failing).toHaveTextContent('Webhook endpoint failing');
    expect(failing).toHaveClass('notistack-MuiContent-error');
    expect(recovered).toHaveTextContent('Success rate recovered');
    expect(recovered).toHaveClass('notistack-MuiContent-success');
    expect(closed).toHaveTextContent('Success-rate alert closed');
    expect(closed).toHaveClass('notistack-MuiContent-info');
  });

  it('shows nothing for an alert it cannot read', async () => {
    const { api } = await openNotifications();
    act(() => FakeEventSource.latest.emit('alert.opened', { title: 'No body' }, '60-1'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toasts()).toEqual([]);
    expect(count(api.calls, NOTIFICATIONS)).toBe(1);
  });
});

describe('live updates: the stream’s position', () => {
  it('resumes a quiet stream from its last position without reloading anything', async () => {
    const { api } = await openNotifications();
    act(() => FakeEventSource.latest.position('70-0'));
    const before = api.calls.length;

    // The server restarted: a new stream after the back-off, from the position.
    act(() => FakeEventSource.latest.fail());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 5_000 });
    expect(FakeEventSource.latest.url).toBe('/api/v1/live-events?lastEventId=70-0');
    act(() => FakeEventSource.latest.ready(true, '70-0'));

    await new Promise((resolve) => setTimeout(resolve, 100));
    // Only the session was checked.
    expect(api.calls.slice(before)).toEqual([TWO_FACTOR]);
  });
});

describe('live updates: the session', () => {
  it('signs out when a failing stream finds the session gone', async () => {
    const { api, router } = await openNotifications({
      [TWO_FACTOR]: { status: 401, body: problem(401, 'Sign in again', 'session_expired') },
    });

    // The stream was refused (its session expired): the browser gives up on it.
    act(() => FakeEventSource.latest.fail());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(count(api.calls, TWO_FACTOR)).toBe(1);
    expect(FakeEventSource.latest.readyState).toBe(FakeEventSource.CLOSED);
    // The stream ended with the signed-in frame: no reconnect follows.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('stays signed in and keeps reconnecting while the server cannot be reached', async () => {
    const { api, router } = await openNotifications({
      [TWO_FACTOR]: { status: 502, body: problem(502, 'Bad Gateway', 'internal_error') },
    });

    act(() => FakeEventSource.latest.fail());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/notifications');
    expect(count(api.calls, TWO_FACTOR)).toBe(1);
    // The current person is not asked again: its failure would sign out.
    expect(count(api.calls, ME)).toBe(1);

    // The check got no answer: the next failure checks again.
    api.set(TWO_FACTOR, {
      body: { data: { enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 } },
    });
    act(() => FakeEventSource.latest.fail());
    await waitFor(() => expect(count(api.calls, TWO_FACTOR)).toBe(2));
    expect(screen.getByRole('heading', { name: 'Older entry' })).toBeVisible();
  });
});
