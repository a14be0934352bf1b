import { mergeConfig } from 'vitest/config';
import { nodeTestConfig, sharedTestConfig } from '../../vitest.shared.ts';

// Date rules must hold in UTC whatever the machine's zone: run in one far from UTC.
process.env.TZ = 'Pacific/Kiritimati';

export default mergeConfig(sharedTestConfig, nodeTestConfig);
