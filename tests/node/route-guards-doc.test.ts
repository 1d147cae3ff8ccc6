import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 003's table is what people read to know which page needs sign-in; it listed /loads as public long after the
// route was guarded (issue 35). This holds the table to the routes' own `beforeLoad` guards.

type Guard = 'login' | 'mentor' | 'admin' | 'public';

const root = join(import.meta.dirname, '..', '..');
const routesDir = join(root, 'web', 'routes');

/** Each route's path and the guard its `beforeLoad` calls. */
function routeGuards(): Map<string, Guard> {
  const guards = new Map<string, Guard>();
  for (const file of readdirSync(routesDir)) {
    const text = readFileSync(join(routesDir, file), 'utf8');
    const path = /createFileRoute\('([^']+)'\)/.exec(text)?.[1];
    if (!path) continue;
    const guard: Guard = /requireRole\([^)]*'admin'\)/.test(text)
      ? 'admin'
      : /requireRole\([^)]*'mentor'\)|requireCreator\(/.test(text)
        ? 'mentor'
        : /requireAuth\(/.test(text)
          ? 'login'
          : 'public';
    guards.set(path, guard);
  }
  return guards;
}

/** The table's explicit paths with the guard of their row (`/edit_event/{id}/` and `/event-conference/…` as prefixes). */
function documentedGuards(): Array<{ prefix: string; wildcard: boolean; guard: Guard }> {
  const text = readFileSync(join(root, 'docs', 'decisions', '003-route-guards.md'), 'utf8');
  const rows: Array<{ prefix: string; wildcard: boolean; guard: Guard }> = [];
  for (const line of text.split('\n')) {
    const cells = /^\|([^|]+)\|([^|]+)\|$/.exec(line.trim());
    if (!cells) continue;
    const rule = cells[2]!.trim();
    const guard: Guard | undefined = rule.startsWith('login and role admin')
      ? 'admin'
      : rule.startsWith('login and role mentor')
        ? 'mentor'
        : rule === 'login'
          ? 'login'
          : rule.startsWith('public')
            ? 'public'
            : undefined;
    if (!guard) continue;
    for (const item of cells[1]!.split(',')) {
      const path = item.trim();
      if (!path.startsWith('/')) continue; // "landings", "lists", … name groups, not paths
      const placeholder = /\{[^}]*\}|…/.exec(path);
      rows.push({ prefix: placeholder ? path.slice(0, placeholder.index) : path.replace(/(.)\/$/, '$1'), wildcard: placeholder != null, guard });
    }
  }
  return rows;
}

const matches = (route: string, { prefix, wildcard }: { prefix: string; wildcard: boolean }) => (wildcard ? route.startsWith(prefix) : route === prefix);

describe('decision 003 route table', () => {
  const routes = routeGuards();
  const documented = documentedGuards();

  it('reads the routes and the table', () => {
    expect(routes.get('/loads')).toBe('login');
    expect(documented.length).toBeGreaterThan(20);
  });

  it('gives every path it names the guard the route has', () => {
    const wrong = documented.flatMap((row) => {
      const { prefix, guard } = row;
      const found = [...routes].filter(([route]) => matches(route, row));
      if (found.length === 0) return [`${prefix}: no such route`];
      return found.filter(([, actual]) => actual !== guard).map(([route, actual]) => `${route}: table says ${guard}, route is ${actual}`);
    });
    expect(wrong).toEqual([]);
  });

  it('names every guarded route', () => {
    const missing = [...routes].filter(([route, guard]) => guard !== 'public' && !documented.some((row) => matches(route, row))).map(([route]) => route);
    expect(missing).toEqual([]);
  });
});
