// What a visitor's first page loads before its first tap (decision 014, «Before the first tap», issue 40 §3): the five
// pages' routes and everything they import statically (what the route preloads bring with the entry) carry no zod;
// forms that need it import it themselves and load with their own routes or dialogs.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Value imports written as `import … from '…'` or `export … from '…'` (not `import type`, not `import()`). */
function staticImports(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)([^'";]*?)\s*from\s*'([^']+)'|^import\s+'([^']+)'/gm)) {
    const names = match[1] ?? '';
    // `import { type A, type B } from` brings no code
    if (/^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    out.push(match[2] ?? match[3]);
  }
  return out;
}

/** The files `entry` loads statically, and the packages they import. */
function closure(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) {
        if (!packages.has(specifier)) packages.set(specifier, file);
        continue;
      }
      const target = normalize(join(dirname(file), specifier)).split('\\').join('/');
      if (/\.(ts|tsx)$/.test(target)) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

const FIRST_PAGES = ['web/routes/index.tsx', 'web/routes/AllMentors.tsx', 'web/routes/AllEvents.tsx', 'web/routes/mentor_info.$mentorId.tsx', 'web/routes/event_info.$id.tsx'];

describe("a visitor's first pages", () => {
  it('import no zod before their first tap', () => {
    for (const route of FIRST_PAGES) {
      const { packages } = closure(route);
      const zod = [...packages].filter(([name]) => name === 'zod' || name.startsWith('zod/')).map(([, by]) => by);
      expect(zod, route).toEqual([]);
    }
  });

  it('read their imports as the bundler does', () => {
    expect(staticImports("import { z } from 'zod';\nimport type { A } from './a.ts';\nimport { type B } from './b.ts';\nexport { c } from './c.ts';\nimport './d.css';")).toEqual(['zod', './c.ts', './d.css']);
  });
});
