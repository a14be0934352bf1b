import { mergeConfig } from 'vitest/config';
import { domTestConfig, sharedTestConfig } from '../../vitest.shared.ts';

export default mergeConfig(sharedTestConfig, domTestConfig);
