// Applies the drizzle-kit migrations in migrations/ to DATABASE_URL (local or Neon: same script).
//   DATABASE_URL=postgres://… npm run db:migrate
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { root } from './local-env.mjs';

export async function migrate(databaseUrl) {
  const ssl = /sslmode=require|neon\.tech/.test(databaseUrl) ? { rejectUnauthorized: true } : undefined;
  const client = new pg.Client({ connectionString: databaseUrl, ssl });
  await client.connect();
  try {
    await client.query('SET client_min_messages TO warning');
    await runMigrations(drizzle({ client }), { migrationsFolder: path.join(root, 'migrations') });
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set');
    process.exit(2);
  }
  await migrate(url);
  console.log('migrations applied');
}
