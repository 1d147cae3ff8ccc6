// the support chat and the admins' support inbox
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const supportRoutes = new Hono<AppEnv>();
