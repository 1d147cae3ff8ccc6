import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { errors } from './errors.ts';

/**
 * zod validation that fails with our envelope: `fields` maps each invalid field to the schema's own
 * (Russian) message, the same message the web form shows for the same schema.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
      fields[key] ??= issue.message;
    }
    throw errors.validation(fields);
  });
}
