import { useId } from 'react';
import { useLanguage, useT } from '../../lib/i18n.tsx';
import { languages } from '../../lib/language.ts';
import { readSession } from '../../lib/session.ts';

/**
 * The language menu (docs/decisions/741-who-sees-which-language.md): every language with a catalogue,
 * each named in itself. The choice is kept on this device and, when signed in, in the profile, so
 * errors and e-mails follow it too.
 */
/** `className` may hide it (`hidden sm:inline-flex`): then it sets no display of its own, which would win. */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  const choose = async (code: string) => {
    await setLanguage(code);
    if (readSession()?.token) {
      // The profile's choice; the page has already switched, a failure here only leaves the profile as it was.
      // Loaded on use: the public pages' first download stays without the API client and zod.
      await import('../../lib/save-language.ts').then((m) => m.saveLanguage(code)).catch(() => undefined);
    }
  };
  return (
    <span className={`${/(^|\s)hidden(\s|$)/.test(className) ? '' : 'inline-flex '}items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.menu')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(e) => void choose(e.target.value)}
        // A set width (room for the longest name, "Español"): with an automatic one the browser measures every
        // option to size the menu, and shaping العربية and हिन्दी loads the Arabic and Devanagari fonts during the
        // page's first layout, before anything is painted (decision 1311). `min-w-0` too: as a flex item its
        // automatic minimum width is its content's, and working that out measured every option all the same
        // (decision 1400).
        className="w-28 min-w-0 rounded-md border border-slate-500 bg-white py-1.5 ps-2 pe-7 text-sm text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} dir={l.direction}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  );
}
