import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, I18nProvider } from '../i18n/i18n.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A part of the form that cannot show what it was given (a currency with no valid dimension). */
const Broken = (): never => {
  throw new RangeError('dimension 99 is not supported');
};

describe('PageErrorBoundary', () => {
  it('says the page stopped, in the page’s language, with Reload, instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const i18n = await createI18n('uz');
    render(
      <I18nProvider i18n={i18n}>
        <PageErrorBoundary>
          <Broken />
        </PageErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sahifa ishlamay qoldi. Uni qayta yuklang: toʻlovingiz yoʻqolmaydi.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Qayta yuklash' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the form as it is while nothing fails', async () => {
    const i18n = await createI18n('en');
    render(
      <I18nProvider i18n={i18n}>
        <PageErrorBoundary>
          <p>The form</p>
        </PageErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByText('The form')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
