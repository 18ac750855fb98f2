import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { badRequest } from './errors.js';

/**
 * zod validation for every input; a failure answers 400 with the first Spanish message and the
 * per-field messages, so the console can show them under the fields.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(issues[0]?.message, { fields: issues });
    }
  });
