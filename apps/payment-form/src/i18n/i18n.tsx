import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@paygate/domain';
import { createContext, type ReactNode, use } from 'react';
import rosetta from 'rosetta';
import type en from '../locales/en.json';

/** The shape of every language file; English is the reference. */
export type Translations = typeof en;

/** 'form.header.fail' and every other path to a text of the language files. */
type TextPaths<Table, Prefix extends string = ''> = {
  [Name in keyof Table & string]: Table[Name] extends string
    ? `${Prefix}${Name}`
    : TextPaths<Table[Name], `${Prefix}${Name}.`>;
}[keyof Table & string];

export type TranslationKey = TextPaths<Translations>;

/** The text of `key` in the form's language, `{{name}}` replaced by `values.name`. */
export type Translate = (key: TranslationKey, values?: Record<string, string | number>) => string;

/** The form's language, fixed for a page view, and its texts. */
export interface FormI18n {
  readonly language: Language;
  readonly t: Translate;
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

/**
 * The texts of `language` only, loaded from its own chunk. rosetta (under 1 KB) reads the same
 * `{{name}}` files i18next did; i18next's 15 KB gzip made room for RTK Query in the form's
 * budget (decision 0011). Values are not escaped: React escapes what it renders.
 */
export const createI18n = async (language: Language): Promise<FormI18n> => {
  const { default: translation } = await LOCALES[language]();
  const texts = rosetta<Translations>({ [language]: translation });
  texts.locale(language);
  return { language, t: (key, values) => texts.t(key, values) };
};

const I18nContext = createContext<FormI18n | null>(null);

/** The language never changes while the form is open (it comes from the address). */
export const I18nProvider = ({ i18n, children }: { i18n: FormI18n; children: ReactNode }) => (
  <I18nContext value={i18n}>{children}</I18nContext>
);

export const useT = (): Translate => {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useT needs an I18nProvider');
  return i18n.t;
};
