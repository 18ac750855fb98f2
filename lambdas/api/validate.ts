import type { Context } from 'hono';
import type { z, ZodType } from 'zod';
import { badRequest, notFound } from '../errors.js';

/**
 * A record id from the path, as the API makes them (UUIDs; the demo's are `veh-...`, `demo-...`):
 * anything else names nothing, so it is the record's not-found answer, never a lookup or a 500.
 */
export function idParam(c: Context, name: string, notFoundMessage: string): string {
  const id = c.req.param(name) ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw notFound(notFoundMessage);
  return id;
}

/**
 * zod validation of a request body: 400 with the first Spanish message and every field's message,
 * for the console to show under its fields.
 */
export function parseBody<T extends ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    throw badRequest(fields[0]?.message, { fields });
  }
  return result.data;
}
