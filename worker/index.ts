import { createDb } from '../drizzle/db.ts';
import { createApp } from './app.ts';
import type { Bindings } from './env.ts';
import { runMinuteJobs } from './maintenance/minute-jobs.ts';
import { forgetCatalogueVersion } from './middleware/public-cache.ts';
import { hourlyReliability } from './reliability/refresh-reliability.ts';

export { NotificationHub } from '../party/notification-hub.ts';
export { ChatRoom } from '../party/chat-room.ts';
export { ConferenceRoom } from '../party/conference-room.ts';

// visitors' first pages are rendered with the web app's own code, loaded only when such a page is asked for
const app = createApp({ loadPageRenderer: () => import('../web/app/server-render.tsx').then((m) => m.renderVisitorPage) });

export default {
  fetch: app.fetch,
  /**
   * Cron Trigger (wrangler.toml [triggers], every minute): expired holds, consultations and events to
   * settle, payouts and refunds to retry, and the hourly cleanup at xx:17.
   */
  async scheduled(controller, env, ctx) {
    const { db, close } = createDb(env);
    try {
      // no request here: our origin only matters when creating a payment, which the scheduler never does
      const report = await runMinuteJobs({ env, db, origin: '' }, new Date(controller.scheduledTime));
      // the reliability figures (decision 021), hourly, after the minute's own jobs
      const reliability = await hourlyReliability(db, new Date(controller.scheduledTime));
      // expired holds, settled events: visitors of this isolate see them at once
      forgetCatalogueVersion();
      console.log(JSON.stringify({ level: 'info', msg: 'scheduled', cron: controller.cron, ...report, reliability }));
    } finally {
      ctx.waitUntil(close());
    }
  },
} satisfies ExportedHandler<Bindings>;
