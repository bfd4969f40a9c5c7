import { useState } from 'react';

/** The badge's letters: part of the brand's mark, like the product's name never translated (glossary). */
const MARK = 'DD';
/** The 36 px logo (scripts/pwa-icons.mjs renders it with its 2× and 3× copies). */
const LOGO_1X = '/logo-36.png';

/** The logo image, or the 'DD' badge if it fails to load (spec 000 §2). */
export function Logo({ className = 'h-9 w-9' }: { className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-700 text-sm font-bold text-white ${className}`}>
        {MARK}
      </span>
    );
  }
  // Never squeezed by a long name beside it on a phone (shrink-0): the mark is shown whole. PNG at the screen's
  // density rather than /logo.svg: an SVG <img> is built as a document on the page's main thread, in the
  // first paint of every page (decision 1420); a PNG is decoded off it.
  return (
    <img
      src={LOGO_1X}
      srcSet={`${LOGO_1X} 1x, /logo-72.png 2x, /logo-108.png 3x`}
      alt=""
      width={36}
      height={36}
      className={`shrink-0 ${className}`}
      onError={() => setFailed(true)}
    />
  );
}
