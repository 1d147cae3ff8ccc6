// The SPA's index.html made into the frame of a page rendered on the server (decision 014, «Rendered on the
// server»): what it needs to paint comes first, what it needs to run comes after.

import { criticalCss, pageClasses } from './critical-css.ts';

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
// the app's entry, its module preloads and the route preloads' script, as vite writes them into the head
const SCRIPTS = /\s*(<script type="module" crossorigin src="[^"]+"><\/script>|<link rel="modulepreload" crossorigin href="[^"]+">|<script src="\/assets\/route-preloads-[^"]+\.js" async><\/script>)/g;

// the last index.html prepared, by its text: every rendered page would otherwise fetch the stylesheet and rewrite
// the same frame again (a deployment brings a new index.html, hence a new key)
let prepared: { template: string; page: string } | undefined;

/**
 * The stylesheet written into the page: it paints with its HTML, without waiting for one more request that shares a
 * phone's bandwidth with the app's JavaScript (its font URLs are absolute, so they still resolve). The element names
 * the sheet's file (`data-stylesheet`): the page keeps only its own rules of it (critical-css.ts), and the browser
 * loads the whole file, asked for at low priority after the content, before the app runs (web/lib/full-stylesheet.ts).
 */
async function inlineStylesheet(template: string, assets: Fetcher, url: URL): Promise<string | null> {
  const link = STYLESHEET.exec(template);
  if (!link) return template;
  const response = await assets.fetch(new Request(new URL(link[1], url)));
  if (!response.ok || !template.includes('</body>')) return null;
  const style = `<style ${STYLESHEET_ATTRIBUTE}="${link[1]}">${await response.text()}</style>`;
  const later = `<link rel="preload" as="style" href="${link[1]}" crossorigin fetchpriority="low">`;
  return template.replace(link[0], () => style).replace('</body>', () => `${later}\n</body>`);
}

/** The attribute of the inlined stylesheet naming its file; web/lib/full-stylesheet.ts reads it. */
const STYLESHEET_ATTRIBUTE = 'data-stylesheet';
const INLINED = new RegExp(`<style ${STYLESHEET_ATTRIBUTE}="([^"]+)">([\\s\\S]*?)</style>`);

/** A rendered page with only the rules of its inlined stylesheet that its elements use. */
export function withCriticalCss(html: string): string {
  const inlined = INLINED.exec(html);
  const body = html.indexOf('<body');
  if (!inlined || body < 0) return html;
  const critical = criticalCss(inlined[2], pageClasses(html.slice(body)));
  return html.replace(inlined[0], () => `<style ${STYLESHEET_ATTRIBUTE}="${inlined[1]}">${critical}</style>`);
}

/** The data block listing the app's script and preload tags, which public/app-loader.js adds to the page. */
export const APP_SCRIPTS_ID = 'forma-app-scripts';
/** The script that loads the app once the first screen is on it (public/app-loader.js). */
export const APP_LOADER = '/app-loader.js';

/** A tag as its name and attributes (`crossorigin` → ''), as the loader re-creates it. */
function tagParts(tag: string): [string, Record<string, string>] {
  const name = /^<([a-z]+)/.exec(tag)?.[1] ?? 'script';
  const attributes: Record<string, string> = {};
  for (const [, attribute, value] of tag.slice(name.length + 1).matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)) attributes[attribute] = value ?? '';
  return [name, attributes];
}

/**
 * The app after the first screen (decision 014, «The app after the first screen»): the page is readable without its
 * JavaScript, and on a slow phone every request and every answer costs the main thread that is laying the page out.
 * So the HTML carries no script or preload of the app: it lists them in a data block, and the small loader adds them
 * once the page is parsed, painted and its first screen's images are in (or after a few seconds, whichever is first).
 */
function appAfterFirstScreen(template: string): string {
  const tags = template.match(SCRIPTS)?.map((tag) => tagParts(tag.trim())) ?? [];
  if (!tags.length || !template.includes('</body>') || !template.includes('</head>')) return template;
  // The route preloads' script names the page's own chunks: asked for first and at high priority (an async script is
  // low), it adds them while the entry and the framework still load, instead of after them (decision 014, «Before the
  // first tap»). The loader itself is asked for with the head, at high priority: from the end of the body it was
  // queued behind the fonts and the stylesheet, and the app waited for its 1 KB.
  const first = tags.filter(([, attributes]) => ROUTE_PRELOADS.test(attributes.src ?? '')).map(([name, attributes]): [string, Record<string, string>] => [name, { ...attributes, fetchpriority: 'high' }]);
  const ordered = [...first, ...tags.filter(([, attributes]) => !ROUTE_PRELOADS.test(attributes.src ?? ''))];
  const list = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(ordered).replace(/</g, '\\u003c')}</script>`;
  return template
    .replace(SCRIPTS, '')
    .replace('</head>', () => `<script src="${APP_LOADER}" async fetchpriority="high"></script>\n</head>`)
    .replace('</body>', () => `${list}\n</body>`);
}

const ROUTE_PRELOADS = /^\/assets\/route-preloads-[^/]+\.js$/;

/** index.html as the frame of a server-rendered page (as it is, with its stylesheet linked, if that cannot be read). */
export async function pageTemplate(template: string, assets: Fetcher, url: URL): Promise<string> {
  if (prepared?.template === template) return prepared.page;
  const inlined = await inlineStylesheet(template, assets, url);
  if (inlined === null) return appAfterFirstScreen(template);
  prepared = { template, page: appAfterFirstScreen(inlined) };
  return prepared.page;
}
