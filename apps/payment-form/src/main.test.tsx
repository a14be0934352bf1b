import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { data, FORM_ID, formData, stubPaymentServer } from './testing/payment-server.ts';

/** The page each test started, unmounted after it: its timers must not outlive the test's window. */
let started: Promise<{ unmount: () => void } | undefined> | undefined;

afterEach(async () => {
  const root = await started;
  root?.unmount();
  started = undefined;
  vi.unstubAllGlobals();
  vi.doUnmock('./i18n/i18n.tsx');
  vi.resetModules();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

const start = async (url: string) => {
  window.history.replaceState(null, '', url);
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const page = await import('./main.tsx');
  started = page.mountedRoot;
};

describe('main', () => {
  it('loads the form and the language from the address, and sets <html lang> and the title', async () => {
    const server = stubPaymentServer({ 'POST init': data(formData()) });
    await start(`/payment/${FORM_ID}?lang=uz`);
    expect(document.documentElement.lang).toBe('uz');
    expect(await screen.findByRole('heading', { name: 'Toʻlov usulini tanlang' })).toBeVisible();
    expect(document.title).toBe('Toʻlov');
    expect(server.callsTo('POST init')).toHaveLength(1);
  });

  it.each([
    ['en', 'The page could not be loaded. Check your connection.', 'Reload'],
    ['ru', 'Не удалось загрузить страницу. Проверьте подключение к интернету.', 'Перезагрузить'],
    ['uz', 'Sahifani yuklab boʻlmadi. Internet aloqasini tekshiring.', 'Qayta yuklash'],
  ])(
    'says in %s that the page could not be loaded when its language does not arrive',
    async (language, message, reload) => {
      stubPaymentServer({ 'POST init': data(formData()) });
      // The language chunk fails (a dropped connection): no translations to take the texts from.
      vi.doMock('./i18n/i18n.tsx', async (importOriginal) => ({
        ...(await importOriginal<typeof import('./i18n/i18n.tsx')>()),
        createI18n: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      }));
      await start(`/payment/${FORM_ID}?lang=${language}`);
      expect(await screen.findByText(message)).toBeVisible();
      expect(screen.getByRole('button', { name: reload })).toBeVisible();
    },
  );

  it('falls back to English for an unknown language', async () => {
    stubPaymentServer({ 'POST init': data(formData()) });
    await start(`/payment/${FORM_ID}?lang=fr`);
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  });
});
