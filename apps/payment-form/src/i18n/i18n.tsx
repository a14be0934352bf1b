import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@paygate/domain';
import i18next, { type i18n, type TFunction } from 'i18next';
import { createContext, type ReactNode, use } from 'react';
import type en from '../locales/en.json';

/** The shape of every language file; English is the reference. */
export type Translations = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translations };
  }
}

/**
 * One chunk per language: only the active one is downloaded (SPEC §2 `?lang=`). Each file must
 * have the shape of en.json, so a missing key fails the type check (and locales.test.ts).
 */
const LOCALES: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('../locales/en.json'),
  ru: () => import('../locales/ru.json'),
  uz: () => import('../locales/uz.json'),
};

const isLanguage = (value: string): value is Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** SPEC §2: the language comes from ?lang=en|ru|uz; anything else is English. */
export const languageFromSearch = (search: string): Language => {
  const lang = new URLSearchParams(search).get('lang')?.trim().toLowerCase() ?? '';
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
};

/** An i18next instance holding only `language`, loaded from its own chunk. */
export const createI18n = async (language: Language): Promise<i18n> => {
  const { default: translation } = await LOCALES[language]();
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation } },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
};

const I18nContext = createContext<i18n | null>(null);

/**
 * The language never changes while the form is open (it comes from the address), so a context
 * holding the instance is all the form needs; react-i18next would add about 2 KB gzip.
 */
export const I18nProvider = ({ i18n, children }: { i18n: i18n; children: ReactNode }) => (
  <I18nContext value={i18n}>{children}</I18nContext>
);

export const useT = (): TFunction => {
  const instance = use(I18nContext);
  if (!instance) throw new Error('useT needs an I18nProvider');
  return instance.t;
};
