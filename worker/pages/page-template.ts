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

/**
 * The scripts moved to the end of the body: the page is readable without them, so the images of its first screen
 * are asked for before the app's JavaScript (module scripts run after parsing wherever they stand).
 */
function scriptsLast(template: string): string {
  const scripts = template.match(SCRIPTS)?.map((tag) => tag.trim()) ?? [];
  if (!scripts.length || !template.includes('</body>')) return template;
  return template.replace(SCRIPTS, '').replace('</body>', () => `${scripts.join('\n')}\n</body>`);
}

/** index.html as the frame of a server-rendered page (as it is, with its stylesheet linked, if that cannot be read). */
export async function pageTemplate(template: string, assets: Fetcher, url: URL): Promise<string> {
  if (prepared?.template === template) return prepared.page;
  const inlined = await inlineStylesheet(template, assets, url);
  if (inlined === null) return scriptsLast(template);
  prepared = { template, page: scriptsLast(inlined) };
  return prepared.page;
}
