// Event editor for the event's mentor (spec 002 §7 "Events (editor)"): AddEvent, UpdateEvent, DeleteEvent.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const eventEditorRoutes = new Hono<AppEnv>();
