// Facts about the public site that the web app and the API's server-rendered pages must agree on (no zod).

/**
 * The landing page's hero picture, its largest paint: the widths `npm run screenshots` writes (480, 720 and
 * 960 px) and the width it is shown at (half the 80rem page from the lg breakpoint, else the page less its
 * margins), so a phone (about 660 device pixels) fetches the 720 px copy (decision 1290). The page's `<img>`
 * and the server's preload link name the same set, so the browser fetches one copy once.
 */
export const HERO_SHOT = {
  src: '/tour/workshops.webp',
  srcSet: '/tour/workshops-480.webp 480w, /tour/workshops-720.webp 720w, /tour/workshops.webp 960w',
  sizes: '(min-width: 1024px) 596px, calc(100vw - 2rem)',
} as const;
