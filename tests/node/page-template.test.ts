// The frame of a server-rendered page (worker/pages/page-template.ts): the stylesheet inlined, the app's tags listed
// for public/app-loader.js instead of written into the page. tests/e2e/server-render.test.ts checks in chromium that
// the loader adds them after the first screen and that the app then hydrates.
import { describe, expect, it } from 'vitest';
import { APP_LOADER, APP_SCRIPTS_ID, pageTemplate } from '../../worker/pages/page-template.ts';

/** index.html as vite writes it: the entry and its preloads in the head, the route preloads' script after them. */
const BUILT = `<!doctype html>
<html lang="ru">
  <head>
    <title>Форма</title>
    <script src="/early-data.js" async></script>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/api-client-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
    <script src="/assets/route-preloads-e5.js" async></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const assets = (css: string) => ({ fetch: async () => new Response(css) }) as unknown as Fetcher;

async function frame(template = BUILT, css = '.a{color:red}') {
  return pageTemplate(template, assets(css), new URL('https://forma.example/AllEvents'));
}

function listedTags(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">(.*?)</script>`).exec(html);
  return block ? JSON.parse(block[1]) : null;
}

describe('the frame of a rendered page', () => {
  it('writes none of the app\'s scripts or preloads into the page', async () => {
    const html = await frame();
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"|<script src="\/assets\/route-preloads/);
    // the early data still starts with the HTML
    expect(html).toContain('<script src="/early-data.js" async></script>');
  });

  it('lists them with their attributes for the loader, the route preloads first and at high priority, the loader with the head', async () => {
    const html = await frame();
    expect(listedTags(html)).toEqual([
      // it names the page's own chunks: they then load beside the entry, not after it (decision 014, «Before the first tap»)
      ['script', { src: '/assets/route-preloads-e5.js', async: '', fetchpriority: 'high' }],
      ['script', { type: 'module', crossorigin: '', src: '/assets/index-a1.js' }],
      ['link', { rel: 'modulepreload', crossorigin: '', href: '/assets/framework-b2.js' }],
      ['link', { rel: 'modulepreload', crossorigin: '', href: '/assets/api-client-c3.js' }],
    ]);
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body.indexOf(`id="${APP_SCRIPTS_ID}"`)).toBeGreaterThan(0);
    expect(body.trimEnd().endsWith('</body>\n</html>')).toBe(true);
    // asked for with the head, not queued behind the fonts and the stylesheet the body asks for
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script src="${APP_LOADER}" async fetchpriority="high"></script>`);
    expect(body).not.toContain(APP_LOADER);
  });

  it('inlines the stylesheet and asks for its file after the content', async () => {
    const html = await frame(BUILT.replace('index-a1', 'index-a2'), '.b{color:blue}');
    expect(html).toContain('<style data-stylesheet="/assets/index-d4.css">.b{color:blue}</style>');
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html.indexOf('rel="preload" as="style"')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('keeps the list a data block whatever the file names hold', async () => {
    const html = await frame(BUILT.replace('/assets/framework-b2.js', '/assets/x</script><b>.js'), '');
    expect(html).not.toContain('x</script><b>');
    expect(listedTags(html)).toContainEqual(['link', { rel: 'modulepreload', crossorigin: '', href: '/assets/x</script><b>.js' }]);
  });

  it('leaves a page without the app\'s tags as it is', async () => {
    const bare = '<html><head><title>x</title></head><body><p>x</p></body></html>';
    expect(await frame(bare)).toBe(bare);
  });
});
