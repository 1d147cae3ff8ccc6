import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('drizzle schema and migrations/', () => {
  // drizzle-kit writes only relative output paths correctly, so the scratch copy lives inside the project
  const scratch = mkdtempSync(path.join(root, '.data', 'migrations-check-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('agree: generating from the schema produces no new migration', () => {
    cpSync(path.join(root, 'migrations'), scratch, { recursive: true });
    const before = readdirSync(scratch).filter((f) => f.endsWith('.sql'));
    const out = execFileSync(
      'drizzle-kit',
      ['generate', '--dialect', 'postgresql', '--schema', './drizzle/schema/*.ts', '--casing', 'snake_case', '--out', path.relative(root, scratch)],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const after = readdirSync(scratch).filter((f) => f.endsWith('.sql'));
    expect(after, `schema changed without a migration; run npm run db:generate\n${out}`).toEqual(before);
    expect(out).toContain('No schema changes');
  });
});
