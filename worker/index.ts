import { createDb } from '../drizzle/db.ts';
import { createApp } from './app.ts';
import type { Bindings } from './env.ts';
import { cleanupExpired } from './maintenance/cleanup.ts';

export { NotificationHub } from '../party/notification-hub.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  /** Cron Trigger (wrangler.toml [triggers]): hourly housekeeping. */
  async scheduled(_controller, env, ctx) {
    const { db, close } = createDb(env);
    try {
      const removed = await cleanupExpired(db);
      console.log(JSON.stringify({ level: 'info', msg: 'cleanup', ...removed }));
    } finally {
      ctx.waitUntil(close());
    }
  },
} satisfies ExportedHandler<Bindings>;
