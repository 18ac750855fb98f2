import type { Context } from 'hono';
import type { CompanyCaller, PlataformaCaller } from '../caller.js';
import { loadMe } from '../me.js';

/** `GET /me`: the caller, its company and its images. */
export const getMe = async (c: Context, caller: CompanyCaller | PlataformaCaller) => c.json(await loadMe(caller));
