import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import { createTranslator, type MessageKey, type MessageValues, type Translator } from '@app/shared/i18n/translator';
import { formatters, type Formatters } from '@app/shared/i18n/format';
import { switchMessages } from './catalogue-parts.ts';
import { applyLanguage, currentLocale } from './language.ts';

export type { MessageKey };

interface I18nState {
  translator: Translator;
  format: Formatters;
  /** Switch the page to `code`: loads its messages (every part loaded so far), then re-renders; remembered on this device. */
  setLanguage: (code: string) => Promise<void>;
}

const I18nContext = createContext<I18nState | null>(null);

/** Provides the messages of the page's language (boot.tsx wraps the app in it). */
export function I18nProvider({ language, messages, children }: { language: string; messages: Messages; children: ReactNode }) {
  const [state, setState] = useState(() => ({ language, messages }));
  const setLanguage = useCallback(async (code: string) => {
    const next = await switchMessages(code);
    applyLanguage(code, true);
    setState({ language: code, messages: next });
  }, []);
  const value = useMemo<I18nState>(() => {
    const translator = createTranslator(state.language, state.messages);
    return { translator, format: formatters(currentLocale()), setLanguage };
  }, [state, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nState {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT outside I18nProvider');
  return value;
}

/** The translate function of the page's language: `t('auth.signIn.title')`, `t('x.seats', { count })`. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  return useI18n().translator.t;
}

/** The page's language, its direction, and how to switch it. */
export function useLanguage() {
  const { translator, setLanguage } = useI18n();
  return { language: translator.language, direction: translator.direction, setLanguage };
}

/** Dates, numbers and lists in the page's language (Intl). */
export function useFormat(): Formatters {
  return useI18n().format;
}

/**
 * A message with markup: `<name>…</name>` in the translation becomes `tags.name(inner)`, so a
 * translator can move a link within the sentence. Text outside the tags stays text.
 */
export function rich(message: string, tags: Record<string, (chunk: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /<([a-zA-Z][\w-]*)>(.*?)<\/\1>/gs;
  let last = 0;
  let index = 0;
  for (const match of message.matchAll(pattern)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(message.slice(last, match.index));
    const render = tags[name];
    parts.push(<Fragment key={index++}>{render ? render(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <>{parts}</>;
}
