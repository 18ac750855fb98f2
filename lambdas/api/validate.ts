import type { z, ZodType } from 'zod';
import { badRequest } from '../errors.js';

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
