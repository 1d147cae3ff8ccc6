// The build plugin that starts a landing page's own files with the entry (scripts/vite-route-preloads.ts): for each
// landing page, its route chunk and that chunk's imports, less what the entry loads anyway; the script that adds the
// preloads is emitted under a content hash and loaded from index.html.
import { describe, expect, it } from 'vitest';
import { routePreloads } from '../../scripts/vite-route-preloads.ts';

const chunk = (fileName: string, imports: string[], extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  ...extra,
});

function bundleWith(routes: Record<string, string[]>) {
  const bundle: Record<string, unknown> = {
    'index.html': { type: 'asset', fileName: 'index.html', source: '<html><head><title>Форма</title></head><body></body></html>' },
    'assets/index.js': chunk('assets/index.js', ['assets/framework.js', 'assets/cn.js'], { isEntry: true }),
    'assets/framework.js': chunk('assets/framework.js', []),
    'assets/cn.js': chunk('assets/cn.js', []),
    'assets/icon.js': chunk('assets/icon.js', []),
    'assets/card.js': chunk('assets/card.js', ['assets/icon.js', 'assets/cn.js']),
  };
  for (const [file, imports] of Object.entries(routes)) {
    const name = `assets/${file.replace('.tsx', '')}-route.js`;
    bundle[name] = chunk(name, imports, { isDynamicEntry: true, facadeModuleId: `/app/web/routes/${file}?tsr-split=component` });
  }
  return bundle;
}

/** A mentor's and an event's page (decision 014, issue 40): their route chunks load with the entry too. */
const DETAIL_ROUTES = { 'mentor_info.$mentorId.tsx': ['assets/card.js'], 'event_info.$id.tsx': [] };

function run(bundle: Record<string, unknown>) {
  const emitted: { fileName: string; source: string }[] = [];
  const plugin = routePreloads();
  const hook = plugin.generateBundle as unknown as (this: unknown, options: unknown, output: unknown) => void;
  hook.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);
  return emitted;
}

describe('route preloads', () => {
  it("lists each landing page's chunk and its imports, less the entry's, and loads the script from index.html", () => {
    const bundle = bundleWith({ ...DETAIL_ROUTES, 'index.tsx': ['assets/icon.js'], 'AllMentors.tsx': ['assets/card.js'], 'AllEvents.tsx': [] });
    const [script] = run(bundle);
    expect(script.fileName).toMatch(/^assets\/route-preloads-[0-9a-f]{8}\.js$/);
    const map = JSON.parse(/m=(\{.*?\}),f=/.exec(script.source)![1]);
    expect(map).toEqual({
      '/': ['/assets/index-route.js', '/assets/icon.js'],
      '/AllMentors': ['/assets/AllMentors-route.js', '/assets/card.js', '/assets/icon.js'],
      '/AllEvents': ['/assets/AllEvents-route.js'],
      '/mentor_info/*': ['/assets/mentor_info.$mentorId-route.js', '/assets/card.js', '/assets/icon.js'],
      '/event_info/*': ['/assets/event_info.$id-route.js'],
    });
    expect((bundle['index.html'] as { source: string }).source).toContain(`<script src="/${script.fileName}" async></script>`);
  });

  it("preloads a mentor's or an event's page by its id, and nothing for another page", () => {
    const [script] = run(bundleWith({ ...DETAIL_ROUTES, 'index.tsx': [], 'AllMentors.tsx': [], 'AllEvents.tsx': [] }));
    const preloaded = (pathname: string) => {
      const links: string[] = [];
      const document = { createElement: () => ({}), head: { appendChild: (link: { href: string }) => links.push(link.href) } };
      new Function('location', 'document', script.source)({ pathname }, document);
      return links;
    };
    expect(preloaded('/mentor_info/12/')).toEqual(['/assets/mentor_info.$mentorId-route.js', '/assets/card.js', '/assets/icon.js']);
    expect(preloaded('/event_info/79')).toEqual(['/assets/event_info.$id-route.js']);
    expect(preloaded('/AllEvents')).toEqual(['/assets/AllEvents-route.js']);
    expect(preloaded('/event_info/preview')).toEqual([]);
    expect(preloaded('/Profile')).toEqual([]);
  });

  it('fails the build when a landing page has no chunk of its own', () => {
    expect(() => run(bundleWith({ ...DETAIL_ROUTES, 'index.tsx': [], 'AllMentors.tsx': [] }))).toThrow(/AllEvents\.tsx/);
  });

  it('leaves a build without index.html (the Worker) alone', () => {
    expect(run({ 'index.js': chunk('index.js', [], { isEntry: true }) })).toEqual([]);
  });
});
