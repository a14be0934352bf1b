/**
 * Vite dev servers proxy /api to the API server so the apps call it same-origin, exactly
 * as in production where nginx does the same.
 */
export const apiProxy = {
  '/api': {
    target: process.env.API_URL ?? 'http://127.0.0.1:3000',
    changeOrigin: false,
  },
};
