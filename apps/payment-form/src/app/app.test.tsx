import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPayment } from '../testing/render-payment.tsx';
import { formIdOfPath } from './app.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('formIdOfPath (SPEC §2 /payment/:formId)', () => {
  it('reads the form id of a payment address', () => {
    expect(formIdOfPath('/payment/Fm_0123456789abcdefghijk')).toBe('Fm_0123456789abcdefghijk');
    expect(formIdOfPath('/payment/abc/')).toBe('abc');
    expect(formIdOfPath('/payment/a%20b')).toBe('a b');
  });

  it('has none for any other address', () => {
    expect(formIdOfPath('/')).toBeNull();
    expect(formIdOfPath('/payment')).toBeNull();
    expect(formIdOfPath('/payment/')).toBeNull();
    expect(formIdOfPath('/payment/a/b')).toBeNull();
    expect(formIdOfPath('/invoices/1')).toBeNull();
    expect(formIdOfPath('/payment/%E0%A4%A')).toBeNull();
  });
});

describe('App', () => {
  it('says the payment is not found away from /payment/:formId, in the language asked', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderPayment({ language: 'ru', formId: null });
    expect(screen.getByRole('heading', { name: 'Платёж не найден' })).toBeInTheDocument();
    expect(screen.getByText('Проверьте полученную ссылку.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
