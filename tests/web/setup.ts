import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 5 s instead of the library's 1 s: the web project runs beside the worker and browser
// projects on two cores, where importing a lazily loaded chunk (the analytics charts, a route's screen) can take longer
// than a second. What never appears still fails, a few seconds later.
configure({ asyncUtilTimeout: 5000 });

// Testing Library auto-cleans only when vitest globals are on; this config does not assume them.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
