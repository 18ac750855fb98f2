import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { badRequest } from '../errors.js';

/** 400 with the first Spanish message and every field's message, for the console to show under fields. */
function invalid(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): never {
  const fields = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw badRequest(fields[0]?.message, { fields });
}

/** zod validation of a request part (Hono middleware). */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) invalid(result.error);
  });

/** The same, for a body whose schema depends on the caller (e.g. the profile of an admin or of staff). */
export function parseBody<T extends ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) invalid(result.error);
  return result.data;
}
