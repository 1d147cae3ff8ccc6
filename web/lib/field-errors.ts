import type { z } from 'zod';

/** The first message of each field of a zod error, keyed by the top-level field name (the server's `fields` shape). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
