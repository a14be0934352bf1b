import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy } from '../../dev-server-proxy.ts';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { port: 5174, strictPort: true, proxy: apiProxy },
  preview: { port: 4174, strictPort: true, proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: bench/payment-form-bundle.mjs reads the entry's static imports.
    manifest: true,
    // Every browser the form supports knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
  },
});
