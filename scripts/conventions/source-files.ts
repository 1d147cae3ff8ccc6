// The project's own source files the conventions apply to: the Worker, the Durable Objects, the schema and the SPA.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SOURCE_ROOTS = ['worker', 'party', 'drizzle', 'web'];
const SOURCE_FILE = /\.(ts|tsx)$/;

/** Every .ts/.tsx file under the roots, as paths relative to `root` with forward slashes, sorted. */
export function sourceFiles(root: string, roots = SOURCE_ROOTS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_FILE.test(name)) out.push(relative(root, path).split('\\').join('/'));
    }
  };
  for (const r of roots) walk(join(root, r));
  return out.sort();
}
