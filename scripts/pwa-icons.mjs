// Render the app's icons for the web app manifest (issue 27) from the logo: 192 and 512 px "any"
// (rounded square, as the favicon) and 512 px "maskable" (full-bleed background, the mark inside the
// 80 % safe zone, so Android's circle or squircle masks never cut it), and the header's logo at three
// densities. Run: node scripts/pwa-icons.mjs
import sharp from 'sharp';

const MARK = 'M14 44V20h7l11 14 11-14h7v24h-7V31l-11 13-11-13v13z';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4338ca"/><path d="${MARK}" fill="#fff"/></svg>`;
// The mark spans x 14..50, y 20..44 (centre 32,32): scaled 0.75 about the centre it stays well inside the safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4338ca"/><g transform="translate(32 32) scale(0.75) translate(-32 -32)"><path d="${MARK}" fill="#fff"/></g></svg>`;

const out = 'apps/web/public';
for (const [name, svg, size] of [
  ['icons/icon-192.png', any, 192],
  ['icons/icon-512.png', any, 512],
  ['icons/maskable-512.png', maskable, 512],
  ['icons/apple-touch-icon.png', maskable, 180],
  // The header's logo (components/ui/logo.tsx), 36 CSS px: 1×, 2× and 3× screens. A raster image, not the
  // SVG: Chromium builds an SVG <img> as a small document on the page's main thread (12–24 ms of a fresh
  // tab's first paint in traces, decision 1420); a PNG is decoded off it.
  ['logo-36.png', any, 36],
  ['logo-72.png', any, 72],
  ['logo-108.png', any, 108],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(`${out}/${name}`);
  console.log(`${out}/${name}`);
}
