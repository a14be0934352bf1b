import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy } from '../../dev-server-proxy.ts';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
  // The manifest lets bench/backoffice-bundle.mjs measure the initial JavaScript (issue 10).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
