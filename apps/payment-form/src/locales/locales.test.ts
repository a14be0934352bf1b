/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NOTHING_FOUND_TEXT,
  SUPPORTED_LANGUAGES,
  WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID,
  WITHDRAWAL_PHONE_MESSAGE_IDS,
  WITHDRAWAL_PHONE_RULES,
  WITHDRAWAL_SUBMIT_MESSAGES,
  withdrawalPhoneRuleText,
} from '@paygate/domain';
import { describe, expect, it } from 'vitest';

const DIR = path.dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree =>
  JSON.parse(readFileSync(path.join(DIR, `${language}.json`), 'utf8')) as Tree;

/** Every key as a dotted path with its text. */
const flatten = (tree: Tree, prefix = ''): Map<string, unknown> => {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of flatten(value, name)) entries.set(inner, text);
    } else {
      entries.set(name, value);
    }
  }
  return entries;
};

const variablesOf = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const locales = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [language, flatten(load(language))]),
);
const en = locales.en ?? new Map<string, unknown>();

describe('translations', () => {
  it('exist for exactly the supported languages', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'ru', 'uz']);
  });

  it.each(SUPPORTED_LANGUAGES)('%s has every key of English and no other', (language) => {
    const keys = [...(locales[language]?.keys() ?? [])].sort();
    expect(keys).toEqual([...en.keys()].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s has a non-empty text for every key', (language) => {
    for (const [key, text] of locales[language] ?? []) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  it.each(['ru', 'uz'])('%s uses the same {{variables}} as English', (language) => {
    for (const [key, text] of en) {
      expect(variablesOf(String(locales[language]?.get(key))), key).toEqual(
        variablesOf(String(text)),
      );
    }
  });

  it.each(['ru', 'uz'])('%s is translated, not copied from English', (language) => {
    const same = [...en].filter(([key, text]) => locales[language]?.get(key) === text);
    // Words that are the same in the language ("Bank" in Uzbek).
    expect(same.map(([key]) => key)).toEqual(language === 'uz' ? ['form.field.bankName'] : []);
  });

  it('has the texts of the specification word for word in English', () => {
    expect(Object.fromEntries([...en].filter(([key]) => SPEC_TEXTS[key] !== undefined))).toEqual(
      SPEC_TEXTS,
    );
  });

  it('has the message ids the domain gives the phone field', () => {
    for (const id of Object.values(WITHDRAWAL_PHONE_MESSAGE_IDS)) {
      for (const language of SUPPORTED_LANGUAGES) expect(locales[language]?.has(id), id).toBe(true);
    }
  });

  it('words the phone rules of KGS, UZS and AZN in English as the server answers them', () => {
    const text = String(en.get(WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID));
    const rules = Object.values(WITHDRAWAL_PHONE_RULES).filter((rule) => !rule.firstDigit);
    expect(rules).toHaveLength(3);
    for (const rule of rules) {
      expect(
        text.replace('{{prefix}}', rule.prefix).replace('{{digits}}', String(rule.digits)),
      ).toBe(withdrawalPhoneRuleText(rule));
    }
  });
});

const SPEC_TEXTS: Record<string, string> = {
  'form.header.fail': 'Fail',
  'form.text.fail': 'Something went wrong',
  'form.text.processing': 'Wait. Payment in progress...',
  'form.text.success': 'Your balance will be updated soon',
  'form.toast.chooseBank': WITHDRAWAL_SUBMIT_MESSAGES.noBank,
  'form.toast.fillPhone': WITHDRAWAL_SUBMIT_MESSAGES.shortPhone,
  'form.nothingFound': NOTHING_FOUND_TEXT,
  'form.copy': 'Copy',
  'form.copied': 'Copied',
  'form.button.deposit': 'Deposit',
  'form.button.withdrawal': 'Withdrawal',
};
