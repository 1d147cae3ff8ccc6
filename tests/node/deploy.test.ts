// `npm run deploy` builds the production environment and deploys nothing else (decision 013): its dry run builds,
// checks the built configuration and shows wrangler's plan with ENVIRONMENT production and no local values.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run deploy', () => {
  it('builds the production environment and would deploy it (dry run)', { timeout: 240_000 }, () => {
    const outDir = path.join('.data', 'build-deploy-test');
    // a vite build and wrangler's dry run: tens of seconds on a busy machine
    const r = spawnSync('node', ['scripts/deploy.mjs', '--out-dir', outDir, '--dry-run'], { cwd: root, encoding: 'utf8', timeout: 220_000 });
    const output = `${r.stdout}${r.stderr}`;
    expect(r.status, output).toBe(0);
    expect(output).toContain('production configuration checked');
    expect(output).toMatch(/env\.ENVIRONMENT \("production"\)/);
    expect(output).toContain('--dry-run: exiting now');
    const vars = JSON.parse(readFileSync(path.join(root, outDir, 'forma', 'wrangler.json'), 'utf8')).vars;
    expect(vars).toEqual({ ENVIRONMENT: 'production' });
  });
});
