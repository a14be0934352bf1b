import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The server is bundled as a Node program: workspace packages (TypeScript source) are
// compiled in, third-party dependencies stay external and load from node_modules. The embedded
// database's thread is a second entry beside main.js (src/db/embedded-database.ts loads it).
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: 'src/main.ts',
        'embedded-database-worker': 'src/db/embedded-database-worker.ts',
      },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
  ssr: {
    target: 'node',
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
  },
});
