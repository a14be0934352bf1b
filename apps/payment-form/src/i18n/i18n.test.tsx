import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, I18nProvider, languageFromSearch, useT } from './i18n.tsx';

describe('languageFromSearch (SPEC §2 ?lang=)', () => {
  it('reads en, ru and uz', () => {
    expect(languageFromSearch('?lang=en')).toBe('en');
    expect(languageFromSearch('?lang=ru')).toBe('ru');
    expect(languageFromSearch('?foo=1&lang=uz')).toBe('uz');
    expect(languageFromSearch('?lang=RU')).toBe('ru');
  });

  it('is English by default and for anything unknown', () => {
    expect(languageFromSearch('')).toBe('en');
    expect(languageFromSearch('?lang=')).toBe('en');
    expect(languageFromSearch('?lang=de')).toBe('en');
    expect(languageFromSearch('?lang=en-US')).toBe('en');
  });
});

describe('createI18n', () => {
  it('gives the texts of its language', async () => {
    const [en, ru, uz] = await Promise.all([createI18n('en'), createI18n('ru'), createI18n('uz')]);
    expect([en.language, ru.language, uz.language]).toEqual(['en', 'ru', 'uz']);
    expect(en.t('form.header.fail')).toBe('Fail');
    expect(ru.t('form.header.fail')).toBe('Ошибка');
    expect(uz.t('form.header.method')).toBe('Toʻlov usulini tanlang');
  });

  it('fills every {{value}} of a text', async () => {
    const { t } = await createI18n('ru');
    expect(t('form.method.limits', { min: '1 000.00 UZS', max: '2 000.00 UZS' })).toBe(
      'От 1 000.00 UZS до 2 000.00 UZS',
    );
  });

  it('interpolates without escaping (React escapes)', async () => {
    const i18n = await createI18n('en');
    expect(i18n.t('form.field.selectedBank', { bank: 'A & B' })).toBe('Selected bank: A & B');
  });

  it('gives components the t of the provider', async () => {
    const Title = () => <h1>{useT()('form.header.method')}</h1>;
    render(
      <I18nProvider i18n={await createI18n('uz')}>
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Toʻlov usulini tanlang' })).toBeInTheDocument();
  });
});
