import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { data, FORM_ID, formData, stubPaymentServer } from './testing/payment-server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

const start = async (url: string) => {
  window.history.replaceState(null, '', url);
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  await import('./main.tsx');
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

  it('falls back to English for an unknown language', async () => {
    stubPaymentServer({ 'POST init': data(formData()) });
    await start(`/payment/${FORM_ID}?lang=fr`);
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  });
});
