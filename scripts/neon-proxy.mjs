// The local stand-in for Neon's proxy, on one port: Postgres over WebSocket (`/v2?address=host:port`, a bridge to
// the TCP socket, for the driver's Pool and Client: interactive transactions) and SQL over HTTP (`POST /sql`,
// see neon-sql-endpoint.mjs: single statements and batches on pooled connections). Both reach only allow-listed
// addresses: never an open proxy.
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import { createSqlEndpoint } from './neon-sql-endpoint.mjs';

// createRequire: under Vite's resolver `ws` would resolve to its browser build, which has no server.
const { WebSocketServer } = createRequire(import.meta.url)('ws');

export function startNeonProxy({ port, host = '127.0.0.1', allow, sql: sqlOptions = {} }) {
  const endpoint = createSqlEndpoint({ allow, ...sqlOptions });
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
    const i = address.lastIndexOf(':');
    const targetHost = address.slice(0, i) === 'localhost' ? '127.0.0.1' : address.slice(0, i);
    const sock = net.connect({ host: targetHost, port: Number(address.slice(i + 1)) });
    sock.setNoDelay(true);
    ws.on('message', (data) => sock.write(data)); // net.Socket buffers writes made before 'connect'
    sock.on('data', (chunk) => ws.send(chunk, { binary: true }));
    ws.on('close', () => sock.end());
    ws.on('error', () => sock.destroy());
    sock.on('close', () => ws.close());
    sock.on('error', () => ws.terminate());
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
        },
      }),
    );
  });
}
