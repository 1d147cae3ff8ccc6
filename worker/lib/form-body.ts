// A request body as the spec's clients send it: JSON, or multipart form data whose file parts travel beside string
// fields (avatars, event covers, chat attachments). One reader, so every such endpoint refuses a broken body alike.
import type { AnyContext } from '../env.ts';
import { errors } from './errors.ts';

export type FormBody = {
  /** JSON's object as sent, or the form's string fields */
  fields: Record<string, unknown>;
  /** the form's non-empty file parts of one name (an empty file input means no file); none for JSON */
  files: (name: string) => File[];
};

/**
 * Reads JSON (an object) or multipart form data. A body that is neither is the caller's mistake: 400 in the
 * envelope, with `formRefusal` for unreadable form data when the endpoint has a message of its own for it.
 */
export async function readJsonOrForm(c: AnyContext, formRefusal: Record<string, string> = { non_field_errors: 'Некорректные данные формы' }): Promise<FormBody> {
  if (c.req.header('content-type')?.includes('application/json')) {
    const json: unknown = await c.req.json().catch(() => null);
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw errors.validation({ non_field_errors: 'Некорректный JSON' });
    return { fields: json as Record<string, unknown>, files: () => [] };
  }
  const form = await c.req.formData().catch(() => {
    throw errors.validation(formRefusal);
  });
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return { fields, files: (name) => form.getAll(name).filter((v): v is File => typeof v !== 'string' && v.size > 0) };
}
