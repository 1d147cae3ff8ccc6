import { createApp } from './app.ts';

export { NotificationHub } from '../party/notification-hub.ts';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<import('./env.ts').Bindings>;
