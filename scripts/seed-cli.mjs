// npm run seed: fills DATABASE_URL (default: the local dev database of `npm run dev`) with demo data.
// Safe to repeat: a database that already has the demo accounts is left alone.
import { seed } from './seed.ts';

const url = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:54329/app';

try {
  const { skipped, counts, ms } = await seed(url);
  if (skipped) {
    console.log(`demo data already present (mentor@forma.test exists): nothing written (${ms} ms)`);
  } else {
    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
    console.log(`demo data written in ${ms} ms. Accounts: mentor@forma.test, mentee@forma.test, admin@forma.test`);
  }
} catch (error) {
  console.error('seed failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
