// what a person can download: chat files, payment receipts
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const downloadsRoutes = new Hono<AppEnv>();
