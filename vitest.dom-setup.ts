import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default, which a render on a busy machine can take:
// they keep polling for up to 10 s. What never appears still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // A test that left fake timers on must not hand them to the next one.
  vi.useRealTimers();
});
