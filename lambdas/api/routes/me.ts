import { Hono } from 'hono';
import { loadMe } from '../me.js';
import type { AuthEnv } from '../middleware/auth.js';

export const meRoutes = new Hono<AuthEnv>().get('/', async (c) => c.json(await loadMe(c.var.caller)));
