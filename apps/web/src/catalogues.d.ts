declare module 'virtual:mentorbridge/catalogues' {
  import type { Messages } from '@lingui/core';
  /** Every language with a catalogue in packages/shared/src/i18n/catalogues (vite.config.ts `catalogues()`). */
  export const languages: { code: string; name: string; direction: 'ltr' | 'rtl' }[];
  /** The pseudo-locale's tag (en-XA, decision 971): a loader, never in `languages`. */
  export const pseudo: string;
  /** The compiled messages of a language, each in its own chunk (and the pseudo-locale's). */
  export const loaders: Record<string, () => Promise<Messages>>;
}
