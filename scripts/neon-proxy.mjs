// The local stand-in for Neon's proxy, on one port: Postgres over WebSocket (`/v2?address=host:port`, for the
// driver's Pool and Client: interactive transactions), transaction-pooled as behind Neon's pooled connection string
// (pg-pooler.mjs), and SQL over HTTP (`POST /sql`, neon-sql-endpoint.mjs: single statements and batches on pooled
// connections). Both reach only allow-listed addresses: never an open proxy.
import { createRequire } from 'node:module';
import http from 'node:http';
import { createSqlEndpoint } from './neon-sql-endpoint.mjs';
import { closePools, poolSession } from './pg-pooler.mjs';

// createRequire: under Vite's resolver `ws` would resolve to its browser build, which has no server.
const { WebSocketServer } = createRequire(import.meta.url)('ws');

export function startNeonProxy({ port, host = '127.0.0.1', allow, sql: sqlOptions = {} }) {
  const endpoint = createSqlEndpoint({ allow, ...sqlOptions });
  const pools = new Map();
  const server = http.createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://proxy').pathname === '/sql') return void endpoint.handle(req, res);
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 60_000;
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    if (!allow.includes(address)) {
      ws.close(1008, 'address not allowed');
      return;
    }
    poolSession(ws, { address, pools });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        close: async () => {
          for (const client of wss.clients) client.terminate();
          await new Promise((r) => wss.close(() => r()));
          server.closeAllConnections();
          await new Promise((r) => server.close(() => r()));
          await endpoint.close();
          closePools(pools);
        },
      }),
    );
  });
}
