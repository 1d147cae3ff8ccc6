import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const consultationSlotsRoutes = new Hono<AppEnv>();
