import { defineConfig, mergeConfig } from 'vitest/config';
import { domTestConfig, sharedTestConfig } from '../../vitest.shared.ts';

export default mergeConfig(
  mergeConfig(sharedTestConfig, domTestConfig),
  defineConfig({
    test: {
      // Components with no app state, module singletons or stores: one jsdom for all files
      // instead of one each, which was nine tenths of this suite's time (25 s → 3 s). What a test
      // changes globally is put back after it (mocks, stubbed globals, timers in the setup file).
      isolate: false,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
