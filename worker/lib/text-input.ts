// One rule for every text a client sends (decision 013, «Bad input is a 400»): no NUL character (U+0000). Postgres
// cannot store it in text and answered 500; a client has no reason to send it. The API's middleware refuses it in
// the path, the query and JSON bodies before any handler runs, and parseOrThrow refuses it in what handlers parse
// themselves (multipart fields), each with a 400 naming the field.
import { errors } from './errors.ts';

export const NUL_MESSAGE = 'Текст содержит недопустимый символ';

/** The path of the first string (or key) holding U+0000 in a parsed value: '' for the value itself, null for none. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const at = findNul(item, path ? `${path}.${i}` : String(i));
      if (at !== null) return at;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      const at = key.includes('\u0000') ? path || 'non_field_errors' : findNul(item, path ? `${path}.${key}` : key);
      if (at !== null) return at;
    }
  }
  return null;
}

/** Throws the 400 for a value holding U+0000 anywhere. */
export function refuseNul(value: unknown) {
  const at = findNul(value);
  if (at !== null) throw errors.validation({ [at || 'non_field_errors']: NUL_MESSAGE });
}
