// A mentor's mentees for /MyMentee (ours).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const menteesRoutes = new Hono<AppEnv>();
