import { mergeConfig } from 'vitest/config';
import { nodeTestConfig, sharedTestConfig } from '../vitest.shared.ts';

export default mergeConfig(sharedTestConfig, {
  ...nodeTestConfig,
  test: { ...nodeTestConfig.test, include: ['*.test.ts', 'lib/*.test.ts'] },
});
