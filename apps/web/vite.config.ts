import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The strict CSP forbids inline scripts: keep the preload helper in a file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: `npm run bench:web` follows each route's chunks to report its size.
    manifest: true,
  },
});
