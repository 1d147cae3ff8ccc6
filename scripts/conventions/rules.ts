// The conventions of ../shared/docs/architecture.md (points 3, 8, 11, 12) as checks over the source files and their
// import graph; decision 016 lists them with their exceptions. Each rule answers its violations, none when it holds.
import ts from 'typescript';
import { importCycles } from './cycles.ts';
import { CONTRACT_FILE, domainOf, exportedFiles } from './domain-surface.ts';
import { resolveImport, type ImportGraph } from './import-graph.ts';
import { QUERIES_FILE, SQL_EXCEPTIONS, SQL_ROOTS, sqlStatementLines } from './sql-in-queries.ts';

export type Violation = { rule: string; file: string; detail: string };
export type Project = { graph: ImportGraph; read: (file: string) => string };
export type Rule = { name: string; description: string; check: (project: Project, exceptions?: Set<string>) => Violation[] };

const FEATURE = /^web\/features\/([^/]+)\//;

/**
 * Cross-feature imports allowed for now, as 'from → to' (decision 016). Empty: the three that predated the rule are
 * cut. An entry that no longer occurs is a violation, so the list can only shrink.
 */
export const FEATURE_EXCEPTIONS = new Set<string>([]);

/** The modules allowed to call `fetch` in the SPA: the API client, and the first page's early requests it takes over. */
export const FETCH_ALLOWED = new Set(['web/lib/api-client.ts', 'web/lib/early-data.ts']);

/** kebab-case words, then role suffixes (`.routes`, `.queries`, `.d`…), then the extension. */
const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx)$/;

/** The calls to the global `fetch` in a file's text (`fetch(…)`, `window.fetch(…)`, `globalThis.fetch(…)`), as lines. */
export function rawFetchLines(text: string, fileName = 'file.tsx'): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const global =
        // fetch, or the client's untyped fetch (the typed `api` wraps it): either bypasses the Worker's types
        (ts.isIdentifier(callee) && (callee.text === 'fetch' || callee.text === 'apiFetch')) ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'fetch' && ts.isIdentifier(callee.expression) && ['window', 'globalThis', 'self'].includes(callee.expression.text));
      if (global) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** Packages that only the server runs (or that would weigh a page down for nothing); `hono/client` is the SPA's. */
export const SERVER_ONLY_PACKAGE = /^(drizzle-orm|@neondatabase\/|hono(?!\/client)|partyserver|xss|jose|ical-generator|cloudflare:)/;

/** What a file's text imports at run time (packages and relative paths): `import type`, and imports naming only types, are left out. */
export function runtimeImports(text: string, fileName = 'file.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const from = node.moduleSpecifier.text;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
    } else if (node.isTypeOnly) continue;
    out.push(from);
  }
  return out;
}

/** Every file outside web/ that the SPA's files load at run time, at any depth, with the packages it imports. */
function loadedByWeb({ graph, read }: Project): Map<string, string[]> {
  const known = new Set(graph.keys());
  const packages = new Map<string, string[]>();
  const queue = [...known].filter((f) => f.startsWith('web/'));
  const seen = new Set(queue);
  while (queue.length) {
    const file = queue.pop()!;
    const specifiers = runtimeImports(read(file), file);
    packages.set(file, specifiers.filter((s) => !s.startsWith('.')));
    for (const s of specifiers) {
      const next = s.startsWith('.') ? resolveImport(file, s, known) : null;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return new Map([...packages].filter(([file]) => !file.startsWith('web/')));
}

export const rules: Rule[] = [
  {
    name: 'no-import-cycles',
    description: 'no two modules reach each other through imports (type-only and dynamic imports count)',
    check: ({ graph }) => importCycles(graph).map((cycle) => ({ rule: 'no-import-cycles', file: cycle[0], detail: `circle of ${cycle.length}: ${cycle.join(' → ')}` })),
  },
  {
    name: 'feature-isolation',
    description: 'a web feature imports no other feature; web/components and web/lib import no feature',
    check: ({ graph }, exceptions = FEATURE_EXCEPTIONS) => {
      const out: Violation[] = [];
      const seen = new Set<string>();
      for (const [file, imports] of graph) {
        if (!file.startsWith('web/')) continue;
        const own = FEATURE.exec(file)?.[1];
        const shared = file.startsWith('web/components/') || file.startsWith('web/lib/');
        if (!own && !shared) continue; // routes and the app shell compose features
        for (const target of imports) {
          const other = FEATURE.exec(target)?.[1];
          if (!other || other === own) continue;
          const edge = `${file} → ${target}`;
          if (exceptions.has(edge)) seen.add(edge);
          else out.push({ rule: 'feature-isolation', file, detail: `imports ${target}` });
        }
      }
      for (const edge of exceptions) {
        if (!seen.has(edge)) out.push({ rule: 'feature-isolation', file: edge.split(' → ')[0], detail: `the exception «${edge}» no longer occurs: remove it` });
      }
      return out;
    },
  },
  {
    name: 'no-raw-fetch',
    description: `the SPA calls the API through the typed client: \`fetch\` and \`apiFetch\` only in ${[...FETCH_ALLOWED].join(', ')}`,
    check: ({ graph, read }) => {
      const out: Violation[] = [];
      for (const file of graph.keys()) {
        if (!file.startsWith('web/') || FETCH_ALLOWED.has(file)) continue;
        for (const line of rawFetchLines(read(file), file)) out.push({ rule: 'no-raw-fetch', file, detail: `fetch at line ${line}` });
      }
      return out;
    },
  },
  {
    name: 'shared-modules-pure',
    description: 'the server modules the SPA imports (schemas, limits, messages) import no server-only package, at any depth',
    check: (project) => {
      const out: Violation[] = [];
      for (const [file, packages] of loadedByWeb(project)) {
        for (const from of packages) {
          if (SERVER_ONLY_PACKAGE.test(from)) out.push({ rule: 'shared-modules-pure', file, detail: `the SPA imports it, and it imports ${from}` });
        }
      }
      return out.sort((a, b) => a.file.localeCompare(b.file));
    },
  },
  {
    name: 'sql-in-queries',
    description: 'in worker/ and party/, only *.queries.ts files import values from drizzle-orm or send statements through a database handle',
    check: ({ graph, read }, exceptions = new Set(SQL_EXCEPTIONS.keys())) => {
      const out: Violation[] = [];
      const seen = new Set<string>();
      for (const file of graph.keys()) {
        if (!SQL_ROOTS.test(file) || QUERIES_FILE.test(file)) continue;
        const text = read(file);
        const drizzle = runtimeImports(text, file).filter((from) => from === 'drizzle-orm' || from.startsWith('drizzle-orm/'));
        const found = [...drizzle.map((from) => `imports ${from}`), ...sqlStatementLines(text, file).map((s) => `statement at line ${s}`)];
        if (!found.length) continue;
        if (exceptions.has(file)) seen.add(file);
        else out.push(...found.map((detail) => ({ rule: 'sql-in-queries', file, detail })));
      }
      for (const file of exceptions) {
        if (!seen.has(file)) out.push({ rule: 'sql-in-queries', file, detail: `the exception for ${file} no longer occurs: remove it` });
      }
      return out;
    },
  },
  {
    name: 'domain-surface',
    description: "nothing imports a Worker domain's internals: only its contracts (*.schemas, *-rules, *.messages) and the files it exports (domain-surface.ts)",
    check: ({ graph }, exported = exportedFiles()) => {
      const out: Violation[] = [];
      const used = new Set<string>();
      for (const [file, imports] of graph) {
        if (/^worker\/[^/]+\.ts$/.test(file)) continue; // the Worker's root composes the domains
        const own = domainOf(file);
        for (const target of imports) {
          const domain = domainOf(target);
          if (!domain || domain === own || CONTRACT_FILE.test(target)) continue;
          if (exported.has(target)) used.add(target);
          else out.push({ rule: 'domain-surface', file, detail: `imports ${target}, which ${domain} does not export` });
        }
      }
      for (const entry of exported) {
        if (!used.has(entry)) out.push({ rule: 'domain-surface', file: entry, detail: 'exported, but no other domain imports it: remove it from DOMAIN_EXPORTS' });
      }
      return out;
    },
  },
  {
    name: 'routes-from-root',
    description: "a Worker *.routes.ts is imported only by the Worker's root (app.ts mounts it); the rules two routes share live in a module both import",
    check: ({ graph }) => {
      const out: Violation[] = [];
      for (const [file, imports] of graph) {
        if (/^worker\/[^/]+\.ts$/.test(file)) continue;
        for (const target of imports) {
          if (target.startsWith('worker/') && target.endsWith('.routes.ts')) out.push({ rule: 'routes-from-root', file, detail: `imports ${target}` });
        }
      }
      return out;
    },
  },
  {
    name: 'file-names',
    description: 'kebab-case file names with role suffixes; TanStack route files (web/routes) and generated files excepted',
    check: ({ graph }) => {
      const out: Violation[] = [];
      for (const file of graph.keys()) {
        if (file.startsWith('web/routes/') || file === 'web/routeTree.gen.ts') continue;
        const name = file.slice(file.lastIndexOf('/') + 1);
        if (!KEBAB_FILE.test(name)) out.push({ rule: 'file-names', file, detail: `${name} is not kebab-case` });
      }
      return out;
    },
  },
];
