import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api.ts';
import { personWith, renderApp } from '../testing/render-app.tsx';

// The reports screen's chunk never arrives: a slow network on the first visit.
vi.mock('../features/reports/reports-page.tsx', () => new Promise(() => {}));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a screen whose chunk is on its way', () => {
  it('keeps the old screen and shows that the click was taken', async () => {
    fakeApi({
      'GET /api/v1/people/me': { body: { data: personWith(['report.view']) } },
      'GET /api/v1/terminal': { body: { data: [] } },
    });
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Opening the screen' })).toBeNull();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');

    act(() => {
      void router.navigate('/reports');
    });

    expect(
      await screen.findByRole('progressbar', { name: 'Opening the screen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });
});
