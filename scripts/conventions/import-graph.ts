// Who imports whom among the project's files: static imports and exports, `import type`, dynamic `import()` and
// `typeof import()` in types all count (a type-only circle still ties two modules' designs together).
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The project file a relative specifier names, or null for packages and files outside the set. */
export function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(from), specifier)).split('\\').join('/');
  for (const suffix of CANDIDATES) if (known.has(base + suffix)) return base + suffix;
  return null;
}

/** Everything one file's text imports (relative paths and packages), as written. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The graph over `files` (paths relative to `root`); imports of anything outside `files` are left out. */
export function importGraph(root: string, files: string[]): ImportGraph {
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = importSpecifiers(text)
      .map((s) => resolveImport(file, s, known))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

