import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The server is bundled as a Node program: workspace packages (TypeScript source) are
// compiled in, third-party dependencies stay external and load from node_modules.
export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
  ssr: {
    target: 'node',
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
  },
});
