// The conventions linter (scripts/conventions, decision 016): the project keeps every rule, and each rule really
// catches what it is for, on small made-up projects.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/conventions/cycles.ts';
import { importSpecifiers, type ImportGraph } from '../../scripts/conventions/import-graph.ts';
import { lintProject } from '../../scripts/conventions/lint.ts';
import { rawFetchLines, rules, runtimeImports } from '../../scripts/conventions/rules.ts';
import { sqlStatementLines } from '../../scripts/conventions/sql-in-queries.ts';
import { hookViolations } from '../../scripts/conventions/react-hooks.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const rule = (name: string) => rules.find((r) => r.name === name)!;
const project = (edges: Record<string, string[]>, texts: Record<string, string> = {}) => ({
  graph: new Map(Object.entries(edges)) as ImportGraph,
  read: (file: string) => texts[file] ?? '',
});

describe('the conventions linter', () => {
  it('finds nothing to say about the project', () => {
    expect(lintProject(ROOT)).toEqual([]);
  }, 30_000);

  it('reads type-only, dynamic and `typeof import()` imports as edges', () => {
    const text = `import type { A } from './a.ts';\nexport { b } from './b.ts';\nconst c = () => import('./c.ts');\ntype D = typeof import('./d.ts');\nimport 'e';`;
    expect(importSpecifiers(text).sort()).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', 'e']);
  });

  it('finds circles of any length and a module importing itself, and nothing in a tree', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(importCycles(new Map([['x.ts', ['y.ts']], ['y.ts', []]]))).toEqual([]);
    const found = rule('no-import-cycles').check(project({ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }));
    expect(found).toEqual([{ rule: 'no-import-cycles', file: 'a.ts', detail: 'circle of 2: a.ts → b.ts' }]);
  });

  it("refuses a feature importing another feature, and shared code importing a feature; routes compose them", () => {
    const edges = {
      'web/features/events/event-page.tsx': ['web/features/booking/booking-dialog.tsx', 'web/features/events/events.api.ts', 'web/lib/cn.ts'],
      'web/lib/format.ts': ['web/features/events/events.api.ts'],
      'web/routes/event.tsx': ['web/features/events/event-page.tsx', 'web/features/booking/booking-dialog.tsx'],
    };
    const found = rule('feature-isolation').check(project(edges), new Set());
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual([
      'web/features/events/event-page.tsx imports web/features/booking/booking-dialog.tsx',
      'web/lib/format.ts imports web/features/events/events.api.ts',
    ]);
  });

  it('keeps its written-down exceptions honest: one that no longer occurs is a violation', () => {
    const edges = { 'web/features/a/x.tsx': ['web/features/b/y.tsx'] };
    expect(rule('feature-isolation').check(project(edges), new Set(['web/features/a/x.tsx → web/features/b/y.tsx']))).toEqual([]);
    const stale = rule('feature-isolation').check(project({ 'web/features/a/x.tsx': [] }), new Set(['web/features/a/x.tsx → web/features/b/y.tsx']));
    expect(stale).toHaveLength(1);
    expect(stale[0].detail).toContain('no longer occurs');
  });

  it('finds calls to the global fetch and the untyped apiFetch in the SPA, not methods that happen to be called fetch', () => {
    const text = `const a = await fetch('/api/x');\nwindow.fetch('/y');\nglobalThis.fetch('/z');\nqueryClient.fetchQuery(q);\nrouter.fetch();\nconst fetchMe = () => 1;\nawait apiFetch('/api/w');`;
    expect(rawFetchLines(text)).toEqual([1, 2, 3, 7]);
    const found = rule('no-raw-fetch').check(
      project({ 'web/features/a/a.api.ts': [], 'web/lib/api-client.ts': [], 'worker/x.ts': [] }, { 'web/features/a/a.api.ts': text, 'web/lib/api-client.ts': text, 'worker/x.ts': text }),
    );
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual(['web/features/a/a.api.ts fetch at line 1', 'web/features/a/a.api.ts fetch at line 2', 'web/features/a/a.api.ts fetch at line 3', 'web/features/a/a.api.ts fetch at line 7']);
  });

  it("refuses server-only packages in what the SPA loads at run time, not in what it only takes types from", () => {
    expect(runtimeImports(`import type { A } from 'hono';\nimport { type B } from 'drizzle-orm';\nimport { z } from 'zod';\nexport { c } from './c.ts';\nexport type { D } from './d.ts';`)).toEqual(['zod', './c.ts']);
    const texts = {
      'web/features/a/form.tsx': `import { limits } from '../../../worker/a/a.rules.ts';\nimport type { AppType } from '../../../worker/app.ts';`,
      'worker/a/a.rules.ts': `import { z } from 'zod';\nimport { category } from '../../drizzle/schema/categories.ts';`,
      'drizzle/schema/categories.ts': `import { pgEnum } from 'drizzle-orm/pg-core';`,
      'worker/app.ts': `import { Hono } from 'hono';`,
    };
    const edges = {
      'web/features/a/form.tsx': ['worker/a/a.rules.ts', 'worker/app.ts'],
      'worker/a/a.rules.ts': ['drizzle/schema/categories.ts'],
      'drizzle/schema/categories.ts': [],
      'worker/app.ts': [],
    };
    const found = rule('shared-modules-pure').check(project(edges, texts));
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual(['drizzle/schema/categories.ts the SPA imports it, and it imports drizzle-orm/pg-core']);
  });

  it('finds statements sent through a database handle, not methods of other objects that share their names', () => {
    const text = [
      `const seen = new Map<number, string>();`,
      `seen.delete(1);`,
      `url.searchParams.delete('q');`,
      `await c.var.db.select().from(t).where(x);`,
      `await tx`,
      `  .update(t)`,
      `  .set({ a: 1 });`,
      `await db.query.users.findFirst();`,
      `await db.http.batch([db.http.execute(q)]);`,
      `app.delete('/x', h);`,
      `createHash('sha256').update(b);`,
      `await ctx.db.with(cte).select().from(cte);`,
    ].join('\n');
    expect(sqlStatementLines(text)).toEqual(['4: .select(', '5: .update(', '8: .query.users.findFirst(', '9: .batch(', '9: .execute(', '12: .select(']);
  });

  it('keeps SQL in *.queries.ts under worker/ and party/: statements and value imports of drizzle-orm elsewhere are refused, `import type` is not', () => {
    const statement = `import { eq } from 'drizzle-orm';\nexport const find = (db: Db, id: number) => db.select().from(t).where(eq(t.id, id));`;
    const texts: Record<string, string> = {
      'worker/a/a.routes.ts': `export const list = (c: C) => c.var.db.select().from(t);`,
      'worker/a/a.queries.ts': statement,
      'worker/a/a.lifecycle.ts': `import type { SQL } from 'drizzle-orm';\nimport { type PgColumn } from 'drizzle-orm/pg-core';\nconst held = new Map<number, SQL>();\nheld.delete(1);`,
      'worker/a/a.rules.ts': `import { sql } from 'drizzle-orm';\nexport const now = sql\`now()\`;`,
      'party/room.ts': `import { alias } from 'drizzle-orm/pg-core';`,
      'drizzle/schema/a.ts': `import { pgTable } from 'drizzle-orm/pg-core';`,
      'web/lib/a.ts': statement,
    };
    const edges = Object.fromEntries(Object.keys(texts).map((f) => [f, []]));
    const found = rule('sql-in-queries').check(project(edges, texts), new Set());
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual([
      'worker/a/a.routes.ts statement at line 1: .select(',
      'worker/a/a.rules.ts imports drizzle-orm',
      'party/room.ts imports drizzle-orm/pg-core',
    ]);
  });

  it('keeps its written-down SQL exceptions honest: one that no longer holds SQL is a violation', () => {
    const exceptions = new Set(['worker/lib/fragment.ts']);
    const withSql = project({ 'worker/lib/fragment.ts': [] }, { 'worker/lib/fragment.ts': `import { sql } from 'drizzle-orm';` });
    expect(rule('sql-in-queries').check(withSql, exceptions)).toEqual([]);
    const stale = rule('sql-in-queries').check(project({ 'worker/lib/fragment.ts': [] }), exceptions);
    expect(stale).toHaveLength(1);
    expect(stale[0].detail).toContain('no longer occurs');
  });

  it("refuses imports of a Worker domain's internals: its contracts and what it exports are open, its own files and the Worker's root free", () => {
    const edges = {
      'worker/bookings/bookings.lifecycle.ts': ['worker/escrow/money.ts', 'worker/escrow/ledger.queries.ts', 'worker/escrow/escrow.schemas.ts', 'worker/bookings/bookings.queries.ts'],
      'worker/lib/cache.ts': ['worker/events/events.queries.ts'],
      'web/features/a/form.tsx': ['worker/events/event-rules.ts', 'worker/events/events.mapper.ts'],
      'party/room.ts': ['worker/chats/chats.messages.ts'],
      'worker/app.ts': ['worker/events/events.routes.ts', 'worker/escrow/ledger.queries.ts'],
    };
    const found = rule('domain-surface').check(project(edges), new Set(['worker/escrow/money.ts']));
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual([
      'worker/bookings/bookings.lifecycle.ts imports worker/escrow/ledger.queries.ts, which escrow does not export',
      'worker/lib/cache.ts imports worker/events/events.queries.ts, which events does not export',
      'web/features/a/form.tsx imports worker/events/events.mapper.ts, which events does not export',
    ]);
    const stale = rule('domain-surface').check(project({ 'worker/bookings/b.ts': [] }), new Set(['worker/escrow/money.ts']));
    expect(stale.map((v) => v.detail)).toEqual(['exported, but no other domain imports it: remove it from DOMAIN_EXPORTS']);
  });

  it("refuses a Worker routes file imported by anything but the Worker's root: shared rules live in their own module", () => {
    const edges = {
      'worker/app.ts': ['worker/conferences/conferences.routes.ts', 'worker/conferences/sfu/sfu.routes.ts'],
      'worker/conferences/socket-access.ts': ['worker/conferences/conferences.routes.ts', 'worker/conferences/room-rules.ts'],
      'worker/conferences/sfu/sfu.routes.ts': ['worker/conferences/room-rules.ts'],
      'web/features/a/x.ts': ['worker/events/events.routes.ts'],
    };
    const found = rule('routes-from-root').check(project(edges));
    expect(found.map((v) => `${v.file} ${v.detail}`)).toEqual([
      'worker/conferences/socket-access.ts imports worker/conferences/conferences.routes.ts',
      'web/features/a/x.ts imports worker/events/events.routes.ts',
    ]);
  });

  it("keeps React's rules of hooks in the SPA, and refuses a disable comment that silences nothing", async () => {
    expect(await hookViolations(ROOT)).toEqual([]);
    const text = [
      `import { useEffect, useState } from 'react';`,
      `export function Clock({ zone }: { zone: string }) {`,
      `  const [now, setNow] = useState(zone);`,
      `  useEffect(() => setNow(zone), []);`,
      `  // eslint-disable-next-line react-hooks/exhaustive-deps`,
      `  useEffect(() => setNow(now), [now]);`,
      `  if (now) useState(1);`,
      `  return now;`,
      `}`,
    ].join('\n');
    const found = await hookViolations(ROOT, { file: 'web/features/clock/clock.tsx', text });
    expect(found.map((v) => `${v.rule} ${v.detail.slice(0, v.detail.indexOf(':') + 1)}`)).toEqual([
      'react-hooks/exhaustive-deps line 4:',
      'eslint line 5:',
      'react-hooks/rules-of-hooks line 7:',
    ]);
  }, 60_000);

  it('wants kebab-case file names with role suffixes, except route files', () => {
    const edges = Object.fromEntries(
      ['worker/events/events.routes.ts', 'worker/cloudflare-env.d.ts', 'web/components/EventCard.tsx', 'web/lib/api_client.ts', 'web/routes/AllEvents.tsx', 'web/routes/$id.tsx'].map((f) => [f, []]),
    );
    expect(rule('file-names').check(project(edges)).map((v) => v.file)).toEqual(['web/components/EventCard.tsx', 'web/lib/api_client.ts']);
  });
});
