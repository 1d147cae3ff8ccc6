// A page rendered on the server carries only the rules its first screen uses (worker/pages/critical-css.ts); what
// the app adds once it runs (menus, dialogs, a list's measured layout) needs the whole stylesheet, whose file the
// inlined sheet names. The page asked for that file at low priority after its content, so it is usually here already.

/** How long the app waits for the stylesheet before it runs anyway (a slow network must not keep it frozen). */
const WAIT_MS = 3000;

/** Adds the app's whole stylesheet when the page carries only part of it; resolves once it applies (or WAIT_MS). */
export function loadFullStylesheet(doc: Document = document): Promise<void> {
  const inlined = doc.querySelector<HTMLStyleElement>('style[data-stylesheet]');
  const href = inlined?.dataset.stylesheet;
  if (!href || doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, WAIT_MS);
    doc.head.appendChild(link);
  });
}
