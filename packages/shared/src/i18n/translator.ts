import { setupI18n, type Messages } from '@lingui/core';
import type en from './catalogues/en.json';

/**
 * Messages come from one catalogue per language (`catalogues/<language>.json`, ICU MessageFormat),
 * shared by the web app and the API (docs/decisions/740-languages-lingui-icu-catalogues.md). English,
 * the source, gives every key a description for translators; the other catalogues map the same keys
 * to their translation.
 */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** The source catalogue's entries. */
export type SourceCatalogue = Record<string, { message: string; description: string }>;
/** A translation catalogue: key → ICU message. */
export type TranslatedCatalogue = Record<string, string>;
export type Direction = 'ltr' | 'rtl';

export interface Translator {
  /** The language's tag (`en`, `hi`, `ar`…), also the locale dates and numbers use. */
  readonly language: string;
  readonly direction: Direction;
  /** The message for `key` with its placeholders, plurals and selects filled in. */
  t(key: MessageKey, values?: MessageValues): string;
}

/** A source or translation catalogue as plain key → ICU message. */
export function messagesOf(catalogue: SourceCatalogue | TranslatedCatalogue): TranslatedCatalogue {
  return Object.fromEntries(Object.entries(catalogue).map(([key, entry]) => [key, typeof entry === 'string' ? entry : entry.message]));
}

/**
 * A translator over compiled messages (`compileMessage` from `@lingui/message-utils` for each message;
 * the web build does that ahead of time, the API when it loads a catalogue).
 */
export function createTranslator(language: string, compiled: Messages): Translator {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
  const direction: Direction = i18n._('language.direction') === 'rtl' ? 'rtl' : 'ltr';
  return {
    language,
    direction,
    t: (key, values) => i18n._(key, values as Record<string, unknown> | undefined),
  };
}
