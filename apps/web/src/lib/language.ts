import { languages, pseudo } from 'virtual:mentorbridge/catalogues';
import { negotiateLanguage } from '@app/shared/i18n/negotiate';

/**
 * Which language this page is in, before anything else loads (docs/decisions/741-who-sees-which-language.md):
 * the choice stored on this device (the language menu of the public pages, or the profile's choice
 * when signed in), else the browser's languages (`navigator.languages`), else English. Framework-free:
 * main.tsx starts loading the page's messages at the same time as its code (lib/catalogue-parts.ts).
 */
export const LANGUAGE_KEY = 'language';

export type Language = (typeof languages)[number];
export { languages };
export const LANGUAGE_CODES = languages.map((l) => l.code);

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The language this device should show. */
export function initialLanguage(): string {
  // The pseudo-locale (decision 971) only when this device's stored choice names it exactly (tests set it).
  if (stored() === pseudo) return pseudo;
  return negotiateLanguage([stored(), ...(navigator.languages ?? [navigator.language])], LANGUAGE_CODES, 'en');
}

export function languageInfo(code: string): Language {
  return languages.find((l) => l.code === code) ?? { code, name: code, direction: 'ltr' };
}

let current = 'en';
/** On the server (entry-server.tsx): the visitor's Accept-Language tags, standing in for navigator.languages. */
let serverLocales: readonly string[] = [];

/**
 * The server renders a page in `code`, for a visitor whose browser asks for `locales` (Accept-Language):
 * dates and numbers then come out as the visitor's browser will write them when it hydrates. No document.
 */
export function setServerLanguage(code: string, locales: readonly string[]) {
  current = code;
  serverLocales = locales;
}
/** The language the page is showing now (its tag is also the locale dates and numbers use). */
export function currentLanguage(): string {
  return current;
}

/**
 * The locale dates and numbers use: the browser's own variant of the page's language when it has one
 * (en-GB writes 2 March, en-IN groups lakhs), else the language itself.
 */
export function currentLocale(): string {
  const wanted = typeof navigator === 'undefined' ? serverLocales : (navigator.languages ?? []);
  return wanted.find((tag) => tag.toLowerCase().split('-')[0] === current) ?? current;
}

/** `<html lang dir>` follow the language; remembered on this device when `remember`. */
export function applyLanguage(code: string, remember = false) {
  current = code;
  const root = document.documentElement;
  root.lang = code;
  root.dir = languageInfo(code).direction;
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, code);
    } catch {
      // Private mode without storage: the choice lasts for this page.
    }
  }
}
