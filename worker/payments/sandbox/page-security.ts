// The sandbox provider's pages (card widget, checkout) are self-contained: no external resources, inline
// script and style allowed only with a fresh per-response nonce, no caching (a nonce is secret only while
// no cache replays it).
export function newNonce() {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** `frameAncestors`: 'self' for the widget the settings page frames, 'none' for a top-level page. */
export function sandboxPageCsp(nonce: string, frameAncestors: "'self'" | "'none'") {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export function sandboxPageHeaders(nonce: string, frameAncestors: "'self'" | "'none'") {
  return {
    'content-security-policy': sandboxPageCsp(nonce, frameAncestors),
    'x-frame-options': frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/** JSON for an inline script: `<` escaped so no string can close the script element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page around a sandbox page's `body` (the markup between `<body>` and `</body>`, scripts included):
 * its style under the nonce, no referrer; `noindex` for a page with a payment's address.
 */
export function sandboxDocument(nonce: string, page: { title: string; style: string; body: string; noindex?: boolean }) {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${page.title}</title>
<style nonce="${nonce}">${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}

/** The provider's own plain look that the sandbox's top-level pages (checkout, the self-employed permission) share. */
export const SANDBOX_PAGE_BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#f3f4f6}
main{width:100%;max-width:420px;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px}
.provider{margin:0 0 16px;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280}
`;
