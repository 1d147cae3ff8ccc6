// What Cloudflare's edge does to every text answer in production, for the local first-page bench: compress it
// (brotli for browsers that accept it, else gzip). wrangler dev serves assets uncompressed, which would make a
// throttled phone download three times the bytes it gets in production. A reverse proxy in front of the app, loopback
// only; hashed assets are compressed once and kept.
import http from 'node:http';
import zlib from 'node:zlib';

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

export function startEdgeCompression(appUrl) {
  const compressed = new Map(); // hashed asset URL + encoding → bytes
  const origin = new URL(appUrl).origin;
  const server = http.createServer(async (req, res) => {
    try {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(await req.toArray());
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'accept-encoding', 'connection'].includes(name)));
      // the edge and the app are one origin in production: the app's cross-site check must see its own
      if (headers.origin) headers.origin = origin;
      if (headers.referer) {
        const { pathname, search } = new URL(headers.referer);
        headers.referer = `${origin}${pathname}${search}`;
      }
      const upstream = await fetch(`${appUrl}${req.url}`, { method: req.method, headers, body, redirect: 'manual' });
      const out = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.includes(name)) out[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      let bytes = Buffer.from(await upstream.arrayBuffer());
      const accepts = req.headers['accept-encoding'] ?? '';
      const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
      if (encoding && TEXT.test(upstream.headers.get('content-type') ?? '') && bytes.length > 512) {
        const key = req.url.startsWith('/assets/') ? `${req.url} ${encoding}` : null;
        let packed = key ? compressed.get(key) : undefined;
        if (!packed) {
          packed = encoding === 'br' ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(bytes, { level: 6 });
          if (key) compressed.set(key, packed);
        }
        bytes = packed;
        out['content-encoding'] = encoding;
        out.vary = 'Accept-Encoding';
      }
      out['content-length'] = String(bytes.length);
      res.writeHead(upstream.status, out);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    } catch (e) {
      res.writeHead(502).end(String(e));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
