// Transaction pooling for the WebSocket path (decision 015), as PgBouncer does behind Neon's pooled connection string:
// a client's session is served by one of a few open Postgres connections for the length of a transaction (or of one
// statement outside a transaction), then the connection goes back to the pool. Opening a client session costs no
// Postgres start-up (~23 ms here). Speaks the Postgres wire protocol on both sides; what it needs of it:
//   client: StartupMessage (answered here: AuthenticationOk, the server's ParameterStatus, BackendKeyData,
//           ReadyForQuery), then typed messages forwarded as they are; Terminate ends the session.
//   server: each ReadyForQuery says whether the connection is idle ('I'), in a transaction ('T') or in a failed one
//           ('E'); idle with nothing outstanding → back to the pool.
// Session state does not survive a transaction (as with PgBouncer in transaction mode): no SET, no named prepared
// statements, no LISTEN, no session advisory locks. The app uses none of them.
import net from 'node:net';

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;

function message(type, body) {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}
const cstrings = (...values) => Buffer.concat(values.map((v) => Buffer.from(`${v}\0`, 'utf8')));
const int32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
/** An ErrorResponse the driver turns into an error with this SQLSTATE. */
export const errorMessage = (code, text, severity = 'FATAL') =>
  message('E', Buffer.concat([cstrings(`S${severity}`, `V${severity}`, `C${code}`, `M${text}`), Buffer.from([0])]));

/** Why a session could not get a connection: the pool's own SQLSTATE (53300), else 08001 (Postgres unreachable). */
const refusal = (e) => errorMessage(/^[0-9A-Z]{5}$/.test(e.code ?? '') ? e.code : '08001', `could not connect to the database: ${e.message}`);

/** Splits a byte stream into whole messages: `typed` after the start-up (type byte + length), untyped before. */
function framer(onMessage, { typed }) {
  let pending = Buffer.alloc(0);
  let isTyped = typed;
  return {
    push(chunk) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const head = isTyped ? 5 : 4;
        if (pending.length < head) return;
        const length = pending.readInt32BE(isTyped ? 1 : 0) + (isTyped ? 1 : 0);
        if (pending.length < length) return;
        const whole = pending.subarray(0, length);
        pending = pending.subarray(length);
        onMessage(whole);
      }
    },
    startTyped() {
      isTyped = true;
    },
  };
}

/** One open Postgres connection, started up with trust authentication (the local Postgres is loopback only). */
function openServer({ host, port, user, database }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    const params = [];
    let ready = false;
    const fail = (e) => {
      socket.destroy();
      if (!ready) reject(e);
    };
    const frames = framer(
      (m) => {
        if (ready) return server.onMessage(m);
        const type = String.fromCharCode(m[0]);
        if (type === 'R' && m.readInt32BE(5) !== 0) fail(new Error('the pooler only knows trust authentication'));
        else if (type === 'S') params.push(m);
        else if (type === 'E') fail(new Error(`Postgres refused the connection: ${m.subarray(5).toString('utf8').replace(/\0/g, ' ')}`));
        else if (type === 'Z') {
          ready = true;
          resolve(server);
        }
      },
      { typed: true },
    );
    const server = {
      socket,
      params,
      onMessage: () => {},
      onClose: () => {},
      /** set by the session using it: the connection died under it */
      onLost: null,
    };
    socket.on('connect', () => {
      const body = Buffer.concat([int32(PROTOCOL_3), cstrings('user', user, 'database', database, 'application_name', 'neon-ws-pooler'), Buffer.from([0])]);
      socket.write(Buffer.concat([int32(4 + body.length), body]));
    });
    socket.on('data', (chunk) => frames.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      if (!ready) reject(new Error('connection closed during start-up'));
      server.onClose();
    });
  });
}

/**
 * A pool of `size` connections to one database; a session waiting longer than `maxWaitMs` for one gets 53300, as
 * the SQL endpoint answers.
 */
function createServerPool(target, { size, maxWaitMs }) {
  const idle = [];
  const waiting = [];
  let open = 0;
  let params = null;

  function handOut(server) {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(server);
    } else idle.push(server);
  }

  async function acquire() {
    const server = idle.pop();
    if (server) return server;
    if (open < size) {
      open += 1;
      try {
        const fresh = await openServer(target);
        params ??= fresh.params;
        fresh.onClose = () => {
          open -= 1;
          const i = idle.indexOf(fresh);
          if (i >= 0) idle.splice(i, 1);
          fresh.onLost?.();
        };
        return fresh;
      } catch (e) {
        open -= 1;
        throw e;
      }
    }
    return new Promise((resolve, reject) => {
      const entry = { resolve, timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(Object.assign(new Error(`no connection free for ${maxWaitMs} ms`), { code: '53300' }));
      }, maxWaitMs) };
      waiting.push(entry);
    });
  }

  return {
    acquire,
    /** Back to the pool: only a connection that is idle, with nothing outstanding. */
    release(server) {
      server.onMessage = () => {};
      server.onLost = null;
      if (server.socket.destroyed) return;
      handOut(server);
    },
    discard(server) {
      server.onMessage = () => {};
      server.onLost = null;
      server.socket.destroy();
    },
    /** The server's ParameterStatus messages, for a client's start-up (one connection is opened for them first). */
    async serverParams() {
      if (!params) this.release(await acquire());
      return params;
    },
    close() {
      for (const entry of waiting.splice(0)) clearTimeout(entry.timer);
      for (const server of idle.splice(0)) server.socket.destroy();
    },
  };
}

/**
 * Serves one client session arriving over a WebSocket (`ws`) for the database at `address`. `pools` holds one
 * server pool per database and role, shared by every session.
 */
export function poolSession(ws, { address, pools, size = 20, maxWaitMs = 2000 }) {
  const i = address.lastIndexOf(':');
  const host = address.slice(0, i) === 'localhost' ? '127.0.0.1' : address.slice(0, i);
  const port = Number(address.slice(i + 1));
  let pool = null;
  let server = null;
  let outstanding = 0; // Sync and Query messages sent whose ReadyForQuery has not come back
  let status = 'I'; // the last ReadyForQuery's: idle, in a transaction (T) or in a failed one (E)
  let queue = []; // client messages waiting for a server connection
  let acquiring = false;
  let ended = false;

  const send = (bytes) => {
    if (ws.readyState === ws.OPEN) ws.send(bytes, { binary: true });
  };
  const end = (bytes) => {
    if (ended) return;
    ended = true;
    if (bytes) send(bytes);
    ws.close();
  };

  /** Idle, nothing outstanding: the connection can serve another session. */
  const reusable = () => status === 'I' && outstanding === 0 && !queue.length;

  function detach(healthy) {
    if (!server) return;
    const s = server;
    server = null;
    if (healthy) pool.release(s);
    else pool.discard(s);
  }

  function fromServer(m) {
    send(m);
    if (m[0] === 0x5a /* Z */) {
      outstanding = Math.max(0, outstanding - 1);
      status = String.fromCharCode(m[5]);
      if (reusable()) detach(true);
    }
  }

  async function toServer(m) {
    if (server) {
      server.socket.write(m);
      return;
    }
    queue.push(m);
    if (acquiring) return;
    acquiring = true;
    try {
      const s = await pool.acquire();
      if (ended) return pool.release(s);
      server = s;
      server.onMessage = fromServer;
      server.onLost = () => {
        if (server !== s) return;
        server = null;
        end(errorMessage('08006', 'the server connection was lost'));
      };
      const pending = queue;
      queue = [];
      server.socket.write(Buffer.concat(pending));
    } catch (e) {
      end(refusal(e));
    } finally {
      acquiring = false;
    }
  }

  const frames = framer(
    (m) => {
      if (!pool) return void startUp(m);
      const type = m[0];
      if (type === 0x58 /* X: Terminate */) {
        detach(reusable());
        return end();
      }
      if (type === 0x53 /* S: Sync */ || type === 0x51 /* Q: Query */) outstanding += 1;
      void toServer(m);
    },
    { typed: false },
  );

  async function startUp(m) {
    const code = m.readInt32BE(4);
    if (code === SSL_REQUEST) return send(Buffer.from('N'));
    if (code === CANCEL_REQUEST || code !== PROTOCOL_3) return end();
    const fields = m.subarray(8).toString('utf8').split('\0');
    const startup = {};
    for (let k = 0; k + 1 < fields.length && fields[k]; k += 2) startup[fields[k]] = fields[k + 1];
    const user = startup.user ?? 'postgres';
    const database = startup.database ?? user;
    const key = `${user}@${address}/${database}`;
    pool = pools.get(key);
    if (!pool) {
      pool = createServerPool({ host, port, user, database }, { size, maxWaitMs });
      pools.set(key, pool);
    }
    frames.startTyped();
    try {
      const params = await pool.serverParams();
      send(Buffer.concat([message('R', int32(0)), ...params, message('K', Buffer.concat([int32(process.pid), int32(0)])), message('Z', Buffer.from('I'))]));
    } catch (e) {
      end(refusal(e));
    }
  }

  ws.on('message', (data) => frames.push(Buffer.isBuffer(data) ? data : Buffer.from(data)));
  ws.on('close', () => {
    ended = true;
    // a session gone in the middle of a transaction leaves its connection in it: that one is not reused
    detach(reusable());
  });
  ws.on('error', () => ws.terminate());
}

export function closePools(pools) {
  for (const pool of pools.values()) pool.close();
  pools.clear();
}
