// The first page for `npm run bench -- --only first-page`: a visitor opens /, /AllMentors, /AllEvents, a mentor's and an event's page in Debian's
// chromium at 390 px on a throttled phone (DevTools protocol: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU 4×
// slower), with an empty cache each time, through a compressing front as Cloudflare's edge is in production
// (edge-compression.mjs). Per page: the JavaScript fetched before the first contentful paint (files and their gzip
// size), the
// Largest Contentful Paint and the Cumulative Layout Shift, as the browser's own PerformanceObserver reports them, and
// when a tap is answered (the app has hydrated or rendered it, React's handlers attached: `data-app-ready`,
// web/app/app-root.tsx) with the JavaScript fetched by then; and whether a largest paint came after hydration (it
// replaced the server's nodes). Issue 40 §3: median of three cold loads.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startEdgeCompression } from './edge-compression.mjs';

const PAGES = ['/', '/AllMentors', '/AllEvents'];

/** A mentor's and an event's page (rendered on the server too since issue 35): the first of each list. */
async function detailPages(appUrl) {
  const get = async (path) => (await (await fetch(`${appUrl}${path}`)).json()).results?.[0]?.id;
  const [mentor, event] = await Promise.all([get('/api/users?offset=0&limit=1'), get('/api/events/load_more/?offset=0&limit=1&show_past=false')]);
  return [mentor && `/mentor_info/${mentor}`, event && `/event_info/${event}`].filter(Boolean);
}
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** Slow 4G as the issue measures it. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** LCP, CLS and FCP as the page's own performance timeline holds them (buffered entries since navigation). */
function readVitals() {
  return new Promise((resolve) => {
    const out = { lcp: 0, cls: 0, lcps: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        out.lcp = entry.startTime;
        out.lcps.push(entry.startTime);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) out.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // buffered entries arrive in the observers' first callback, a task later
    setTimeout(() => resolve({ ...out, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0 }), 200);
  });
}

async function gzipSize(url, cache) {
  if (!cache.has(url)) cache.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
  return cache.get(url);
}

async function visit(browser, appUrl, path, sizes) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // the moment the app marks the page live, on the page's own clock
  await page.addInitScript(() => {
    // (the script runs before the document has its root element: watch the document)
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute('data-app-ready')) return;
      window.__appReady = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
  });
  await page.goto(`${appUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
  // LCP settles once the page stops changing: wait for the network to go quiet, then a moment more
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForFunction(() => window.__appReady, null, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(readVitals);
  const ready = Math.round(await page.evaluate(() => window.__appReady));
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ url: r.name, end: r.responseEnd })),
  );
  await context.close();
  const kb = async (list) => {
    let gzip = 0;
    for (const s of list) gzip += await gzipSize(s.url, sizes);
    return Math.round(gzip / 102.4) / 10;
  };
  const before = scripts.filter((s) => s.end <= vitals.fcp);
  // what a tap waits for: every script the page had fetched by the time React's handlers were attached
  const beforeTap = scripts.filter((s) => s.end <= ready);
  return {
    path,
    lcp: Math.round(vitals.lcp),
    fcp: Math.round(vitals.fcp),
    ready,
    // a largest paint after hydration means hydration replaced what the server had painted
    lcpAfterReady: vitals.lcps.filter((t) => t > ready).length,
    cls: Number(vitals.cls.toFixed(3)),
    files: before.length,
    kb: await kb(before),
    tapFiles: beforeTap.length,
    tapKb: await kb(beforeTap),
  };
}

/**
 * Each page `runs` times with an empty cache (three, as issue 40 measures); the median run is reported, with the
 * fastest and slowest LCP and tap beside it (on a shared 2-core machine one run can differ from the next by a second).
 * `only` keeps the pages named (a path ending in / stands for the pages under it: '/mentor_info/').
 */
export async function firstPageBench(appUrl, { runs = 3, only } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  // the phone gets compressed answers, as from Cloudflare's edge in production
  const edge = await startEdgeCompression(appUrl);
  const sizes = new Map();
  try {
    const results = [];
    for (const path of [...PAGES, ...(await detailPages(appUrl))].filter((p) => !only || only.some((o) => p === o || (o.endsWith('/') && p.startsWith(o))))) {
      const visits = [];
      for (let i = 0; i < runs; i++) visits.push(await visit(browser, edge.url, path, sizes));
      // by LCP, or by FCP where the page reports no LCP (the mentor landing's splash covers its first paints)
      const paint = (v) => v.lcp || v.fcp;
      visits.sort((a, b) => paint(a) - paint(b));
      const ready = visits.map((v) => v.ready).sort((a, b) => a - b);
      // when the page works: its own median (the median run by LCP need not be the median by this)
      results.push({
        ...visits[Math.floor(visits.length / 2)],
        ready: ready[Math.floor(ready.length / 2)],
        readySpread: `${ready[0]}-${ready.at(-1)}`,
        // in how many of the runs a largest paint came after hydration
        lcpAfterReady: visits.filter((v) => v.lcpAfterReady > 0).length,
        runs,
        spread: `${paint(visits[0])}-${paint(visits.at(-1))}`,
      });
    }
    return results;
  } finally {
    await browser.close();
    await edge.close();
  }
}
