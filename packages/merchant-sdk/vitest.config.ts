import { mergeConfig } from 'vitest/config';
import { nodeTestConfig, sharedTestConfig } from '../../vitest.shared.ts';

export default mergeConfig(sharedTestConfig, nodeTestConfig);
