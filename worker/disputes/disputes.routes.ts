import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const disputesRoutes = new Hono<AppEnv>();
