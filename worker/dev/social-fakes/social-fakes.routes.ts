// /dev/social/{provider}/: local stand-ins for VK ID, Google, Yandex ID and Telegram's Login Widget (decision 025),
// speaking each one's protocol so that the real adapters run against them. Development and test only (404 elsewhere).
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { database } from '../../middleware/database.ts';
import { devOnly } from '../../middleware/dev-only.ts';
import { googleFake } from './google-fake.ts';
import { telegramFake } from './telegram-fake.ts';
import { vkFake } from './vk-fake.ts';
import { yandexFake } from './yandex-fake.ts';

export const socialFakeRoutes = new Hono<AppEnv>({ strict: false })
  .use(devOnly, database)
  .route('/vk', vkFake)
  .route('/google', googleFake)
  .route('/yandex', yandexFake)
  .route('/telegram', telegramFake);
