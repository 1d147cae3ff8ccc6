// `npm test` sets up Debian's chromium before a run that includes the browser tests (scripts/ensure-chromium.mjs),
// and only then: a run of other projects never installs anything.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { selectsBrowserTests } from '../../scripts/ensure-chromium.mjs';

describe('which runs need the browser', () => {
  it('every project by default, --project e2e, or an e2e file; not the other projects or their files', () => {
    expect(selectsBrowserTests([])).toBe(true);
    expect(selectsBrowserTests(['--project', 'e2e'])).toBe(true);
    expect(selectsBrowserTests(['--project=e2e'])).toBe(true);
    expect(selectsBrowserTests(['--project', 'worker', '--project', 'e2e', 'tests/e2e/shell.test.ts'])).toBe(true);
    expect(selectsBrowserTests(['tests/e2e/meeting.test.ts'])).toBe(true);
    expect(selectsBrowserTests(['--project', 'worker'])).toBe(false);
    expect(selectsBrowserTests(['--project', 'web', 'tests/web/login.test.tsx'])).toBe(false);
    expect(selectsBrowserTests(['tests/worker/fuzz-endpoints.test.ts', '-t', 'tests/e2e'])).toBe(false);
  });
});
