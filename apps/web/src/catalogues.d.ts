declare module 'virtual:mentorbridge/catalogues' {
  import type { Messages } from '@lingui/core';
  /** Every language with a catalogue in packages/shared/src/i18n/catalogues (vite.config.ts `catalogues()`). */
  export const languages: { code: string; name: string; direction: 'ltr' | 'rtl' }[];
  /** The compiled messages of a language, each in its own chunk. */
  export const loaders: Record<string, () => Promise<Messages>>;
}
