// POST /reviews/: a buyer rates a consultation (decision 010)
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const consultationReviewsRoutes = new Hono<AppEnv>();
