import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library auto-cleans only when vitest globals are on; this config does not assume them.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
