// WebSocket -> TCP bridge so that @neondatabase/serverless (which speaks Postgres over WebSocket) reaches a
// plain local Postgres. It forwards only to allow-listed addresses: never an open proxy.
import { createRequire } from 'node:module';
import net from 'node:net';

// createRequire: under Vite's resolver `ws` would resolve to its browser build, which has no server.
const { WebSocketServer } = createRequire(import.meta.url)('ws');

export function startWsProxy({ port, host = '127.0.0.1', allow }) {
  const wss = new WebSocketServer({ host, port, perMessageDeflate: false });
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
    wss.once('listening', () => resolve({ close: () => new Promise((r) => wss.close(() => r())) }));
    wss.once('error', reject);
  });
}
