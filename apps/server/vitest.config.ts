import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig, sharedTestConfig } from '../../vitest.shared.ts';

export default mergeConfig(
  mergeConfig(sharedTestConfig, nodeTestConfig),
  // One migrated PGlite and PostgreSQL database that every test database is copied from.
  defineConfig({
    test: {
      globalSetup: ['src/db/testing/migrated-templates.global-setup.ts'],
      setupFiles: ['src/testing/secrets-at-rest.setup.ts'],
    },
  }),
);
