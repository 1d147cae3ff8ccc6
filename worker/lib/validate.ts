import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { errors } from './errors.ts';
import { refuseNul } from './text-input.ts';

/** Each invalid field mapped to the schema's own (Russian) message; the first issue per field wins. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of fieldIssues(issues)) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * A union none of whose shapes matched says only «Недопустимое значение» for the whole body; the shape that came
 * closest (fewest issues, the first on a tie) names the fields at fault instead: registering with role "admin"
 * answers `role`, not the body (issue 41). Its issues' paths are relative to the union's own.
 */
function fieldIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, option) => (option.length < best.length ? option : best));
    if (closest.length === 0) return [issue];
    return fieldIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}

/**
 * zod validation that fails with our envelope: `fields` maps each invalid field to the schema's own
 * (Russian) message, the same message the web form shows for the same schema.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    throw errors.validation(issuesToFields(result.error.issues));
  });
}

/**
 * The same validation with the first field's message as the envelope's detail too, for screens that show only the
 * detail (the meeting's join screen; the spec names the message «Не указан ID мероприятия или бронирования»).
 */
export function validateWithDetail<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields = issuesToFields(result.error.issues);
    throw errors.validation(fields, Object.values(fields)[0]);
  });
}

/** The same check for data that isn't the request itself (a merged PATCH, a stored payload). */
export function parseOrThrow<Schema extends ZodType>(schema: Schema, data: unknown, detail?: string): z.output<Schema> {
  refuseNul(data);
  const result = schema.safeParse(data);
  if (!result.success) throw errors.validation(issuesToFields(result.error.issues), detail);
  return result.data;
}
