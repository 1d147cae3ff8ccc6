import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const bookingsRoutes = new Hono<AppEnv>();
