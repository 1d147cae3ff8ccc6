// Build plugin (decision 014, «The route's own files»): the landing pages' route chunks and everything they import
// are requested from the start, in parallel with the app's entry, instead of after the entry has run and the router
// has asked for them (a round trip per level of imports on a phone). Emits assets/route-preloads-<hash>.js, which
// adds <link rel="modulepreload"> for the opened page's files, and loads it from index.html.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** The pages people arrive on, and their route files; `*` stands for a numeric id (a mentor's, an event's page). */
const LANDING_PAGES: Record<string, string> = {
  '/': 'index.tsx',
  '/AllMentors': 'AllMentors.tsx',
  '/AllEvents': 'AllEvents.tsx',
  '/mentor_info/*': 'mentor_info.$mentorId.tsx',
  '/event_info/*': 'event_info.$id.tsx',
};

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; isEntry: boolean; isDynamicEntry: boolean; facadeModuleId: string | null };
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** A chunk's static imports, transitively. */
function closure(fileName: string, bundle: Record<string, Output>, seen = new Set<string>()) {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return seen;
  for (const imported of chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    closure(imported, bundle, seen);
  }
  return seen;
}

export function routePreloads(): Plugin {
  return {
    name: 'forma:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, Output>;
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return; // the Worker's build
      const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-preloads: no entry chunk');
      const loadedWithEntry = new Set([entry.fileName, ...closure(entry.fileName, bundle)]);
      const files: Record<string, string[]> = {};
      for (const [path, routeFile] of Object.entries(LANDING_PAGES)) {
        const route = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.split('?')[0].endsWith(`/web/routes/${routeFile}`));
        if (!route) throw new Error(`route-preloads: no chunk for web/routes/${routeFile}`);
        files[path] = [route.fileName, ...closure(route.fileName, bundle)].filter((f) => !loadedWithEntry.has(f)).map((f) => `/${f}`);
      }
      const source =
        `(function(){var p=location.pathname.replace(/\\/+$/,'')||'/',m=${JSON.stringify(files)},f=m[p]||m[p.replace(/\\/\\d+$/,'/*')];if(!f)return;` +
        `f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})();\n`;
      const fileName = `assets/route-preloads-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = String(html.source).replace('</head>', `  <script src="/${fileName}" async></script>\n  </head>`);
    },
  };
}
